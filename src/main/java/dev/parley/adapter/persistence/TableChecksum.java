package dev.parley.adapter.persistence;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.HexFormat;

/** A table's row count and the sum of its rows' SHA-256, as {@link StoreCopy} verifies a copy by. */
record TableChecksum(long rows, String sha256) {
    private static final BigInteger MODULUS = BigInteger.ONE.shiftLeft(256);

    /**
     * Every row, each value in a form that does not depend on the database (instants as ISO-8601 UTC, bytes as hex,
     * numbers and booleans as text, null as a marker), hashed with SHA-256; the row hashes are added modulo 2^256, so
     * the sum does not depend on the order the rows come in (string keys sort by each database's collation).
     */
    static TableChecksum of(Connection c, CopiedTable table) throws SQLException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long rows = 0;
        var sum = BigInteger.ZERO;
        var columns = table.columns().stream().sorted().toList();
        try (var st = c.prepareStatement("select " + String.join(", ", columns) + " from " + table.name())) {
            st.setFetchSize(StoreCopy.BATCH);
            try (var rs = st.executeQuery()) {
                while (rs.next()) {
                    rows++;
                    for (int i = 1; i <= columns.size(); i++) {
                        digest.update(canonical(TableRowCopy.value(rs, i)).getBytes(StandardCharsets.UTF_8));
                        digest.update((byte) 0x1f);
                    }
                    sum = sum.add(new BigInteger(1, digest.digest())).mod(MODULUS);
                }
            }
        }
        c.rollback();
        var bytes = sum.toByteArray();
        var fixed = new byte[32];
        int from = Math.max(0, bytes.length - 32);
        System.arraycopy(bytes, from, fixed, 32 - (bytes.length - from), bytes.length - from);
        return new TableChecksum(rows, HexFormat.of().formatHex(fixed));
    }

    private static String canonical(Object value) {
        return switch (value) {
            case null -> "\u0000null";
            case OffsetDateTime t -> t.toInstant().toString();
            case byte[] bytes -> HexFormat.of().formatHex(bytes);
            case Blob blob -> {
                try {
                    yield HexFormat.of().formatHex(blob.getBytes(1, (int) blob.length()));
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }
            case Clob clob -> {
                try {
                    yield clob.getSubString(1, (int) clob.length());
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            }
            default -> value.toString();
        };
    }
}
