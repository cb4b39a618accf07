package dev.parley.application.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.application.JsonMappers;
import dev.parley.application.csv.CsvLines;
import dev.parley.application.csv.CsvRows;
import dev.parley.application.csv.CsvSyntaxException;
import dev.parley.domain.catalog.Listing;
import dev.parley.domain.catalog.Property;
import dev.parley.domain.catalog.PropertyKnowledge;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes catalogue files (docs/playbooks/buyer-sms.md, "Catalogue format"): CSV, one row per listing with
 * its property's and knowledge's columns, or JSON, {@code {"properties": [{…, "listings": […], "knowledge": {…}}]}}.
 * Reading checks every value and reports every problem with its row or JSON path and column.
 */
public final class CatalogFiles {
    private static final ObjectMapper JSON = JsonMappers.PLAIN;
    private static final BigDecimal MAX_RATE = new BigDecimal("99999999.99");
    private static final BigDecimal MAX_HEIGHT = new BigDecimal("99999.9");

    private CatalogFiles() {
    }

    /** Parses by the name's extension: {@code .csv} or {@code .json}. */
    public static List<CatalogItem> parse(String fileName, String content) {
        var lower = fileName.toLowerCase(java.util.Locale.ROOT);
        if (lower.endsWith(".csv")) return parseCsv(fileName, content);
        if (lower.endsWith(".json")) return parseJson(fileName, content);
        throw new CatalogFormatException(List.of(fileName + ": the file must end in .csv or .json"));
    }

    // --- CSV ---

    public static List<CatalogItem> parseCsv(String name, String content) {
        var rows = new ArrayList<CsvRows.Row>();
        try (var csv = CsvRows.of(new StringReader(content))) {
            for (var row = csv.next(); row != null; row = csv.next()) rows.add(row);
        } catch (CsvSyntaxException e) {
            throw new CatalogFormatException(List.of(name + ":" + e.line() + ": " + e.getMessage()));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a string does not fail to read
        }
        if (rows.isEmpty()) throw new CatalogFormatException(List.of(name + ": empty file (a header row is needed)"));
        var header = rows.getFirst().fields().stream().map(String::strip).toList();
        var problems = new ArrayList<String>();
        for (var column : header) {
            if (!CatalogColumns.ALL.contains(column)) {
                problems.add(name + ":1: " + column + ": unknown column (known: " + String.join(", ",
                        CatalogColumns.ALL) + ")");
            }
        }
        for (var required : List.of("ref", "name", "city", "available_sqft")) {
            if (!header.contains(required)) problems.add(name + ":1: " + required + ": required column is missing");
        }
        if (!problems.isEmpty()) throw new CatalogFormatException(problems);
        var records = new ArrayList<Record>();
        for (var row : rows.subList(1, rows.size())) {
            if (row.fields().size() != header.size()) {
                problems.add(name + ":" + row.line() + ": has " + row.fields().size() + " fields, the header has "
                        + header.size());
                continue;
            }
            var values = new LinkedHashMap<String, String>();
            for (int i = 0; i < header.size(); i++) values.put(header.get(i), row.fields().get(i));
            records.add(new Record(name + ":" + row.line() + ": ", values, List.of(values)));
        }
        return items(group(records, problems), problems);
    }

    /** Rows of one ref: the first names the property; every row is a listing. */
    private static List<Record> group(List<Record> rows, List<String> problems) {
        var byRef = new LinkedHashMap<String, Record>();
        for (var row : rows) {
            var ref = row.values().get("ref") == null ? "" : row.values().get("ref").strip();
            var first = byRef.get(ref);
            if (first == null || ref.isEmpty()) {
                byRef.put(ref.isEmpty() ? "\u0000" + byRef.size() : ref, row);
                continue;
            }
            for (var column : CatalogColumns.PROPERTY) {
                var a = first.values().getOrDefault(column, "");
                var b = row.values().getOrDefault(column, "");
                if (!b.isBlank() && !a.strip().equals(b.strip())) {
                    problems.add(row.where() + column + ": differs from the first row of property " + ref);
                }
            }
            var listings = new ArrayList<>(first.listings());
            listings.add(row.values());
            byRef.put(ref, new Record(first.where(), first.values(), listings));
        }
        return new ArrayList<>(byRef.values());
    }

    // --- JSON ---

    public static List<CatalogItem> parseJson(String name, String content) {
        JsonNode root;
        try {
            root = JSON.readTree(content);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw new CatalogFormatException(List.of(name + ":" + (loc == null ? "" : loc.getLineNr() + ":")
                    + " not valid JSON: " + e.getOriginalMessage()));
        }
        var problems = new ArrayList<String>();
        if (root == null || !root.isObject() || !root.path("properties").isArray()) {
            throw new CatalogFormatException(List.of(name + ": expected {\"properties\": [ … ]}"));
        }
        root.fieldNames().forEachRemaining(f -> {
            if (!f.equals("properties")) problems.add(name + ": " + f + ": unknown key");
        });
        var records = new ArrayList<Record>();
        int i = 0;
        for (var node : root.path("properties")) {
            var where = name + ": properties[" + i + "].";
            if (!node.isObject()) {
                problems.add(name + ": properties[" + i + "]: must be an object");
                i++;
                continue;
            }
            var values = new LinkedHashMap<String, String>();
            var listings = new ArrayList<Map<String, String>>();
            var fields = node.fieldNames();
            while (fields.hasNext()) {
                var f = fields.next();
                var v = node.get(f);
                switch (f) {
                    case "listings" -> {
                        int j = 0;
                        for (var l : v) {
                            var lv = new LinkedHashMap<String, String>();
                            var lf = l.fieldNames();
                            while (lf.hasNext()) {
                                var key = lf.next();
                                var column = key.equals("active") ? "listing_active" : key;
                                if (!CatalogColumns.LISTING.contains(column)) {
                                    problems.add(where + "listings[" + j + "]." + key + ": unknown key");
                                } else {
                                    lv.put(column, scalar(l.get(key)));
                                }
                            }
                            lv.put("\u0000where", where + "listings[" + j + "].");
                            listings.add(lv);
                            j++;
                        }
                    }
                    case "knowledge" -> {
                        var kf = v.fieldNames();
                        while (kf.hasNext()) {
                            var key = kf.next();
                            if (!CatalogColumns.KNOWLEDGE.contains(key)) {
                                problems.add(where + "knowledge." + key + ": unknown key");
                            } else {
                                values.put(key, scalar(v.get(key)));
                            }
                        }
                    }
                    case "use_types" -> values.put(f, v.isArray() ? String.join(",", strings(v)) : scalar(v));
                    default -> {
                        if (!CatalogColumns.PROPERTY.contains(f)) problems.add(where + f + ": unknown key");
                        else values.put(f, scalar(v));
                    }
                }
            }
            if (listings.isEmpty()) problems.add(where + "listings: at least one listing is required");
            records.add(new Record(where, values, listings));
            i++;
        }
        return items(records, problems);
    }

    private static List<String> strings(JsonNode array) {
        var out = new ArrayList<String>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static String scalar(JsonNode v) {
        return v == null || v.isNull() ? null : v.isValueNode() ? v.asText() : v.toString();
    }

    // --- both ---

    /** A property's values (property and knowledge columns) and its listings' values. */
    private record Record(String where, Map<String, String> values, List<Map<String, String>> listings) {
    }

    private static List<CatalogItem> items(List<Record> records, List<String> problems) {
        var items = new ArrayList<CatalogItem>();
        var refs = new HashMap<String, String>();
        for (var r : records) {
            var check = new Checker(r.where(), r.values(), problems);
            var ref = check.get("ref", CatalogColumns::ref);
            if (ref != null && refs.putIfAbsent(ref, r.where()) != null) {
                problems.add(r.where() + "ref: '" + ref + "' appears twice (first at " + refs.get(ref) + ")");
            }
            var property = new Property(0, ref, check.get("name", CatalogColumns::required),
                    check.get("address", v -> CatalogColumns.text(v, 500)), check.get("city", v ->
                    CatalogColumns.text(CatalogColumns.required(v), 100)), check.get("state", CatalogColumns::state),
                    check.get("metro", v -> CatalogColumns.text(v, 100)), check.get("time_zone", CatalogColumns::zone),
                    check.getOr("use_types", CatalogColumns::uses, List.of()),
                    check.get("supplier_name", v -> CatalogColumns.text(v, 255)),
                    check.get("supplier_phone", CatalogColumns::phone),
                    check.get("description", v -> CatalogColumns.text(v, 2000)),
                    check.getOr("active", v -> CatalogColumns.bool(v, true), true));
            var knowledge = new PropertyKnowledge(0, check.get("ceiling_height", v -> CatalogColumns.decimal(v, 1,
                    MAX_HEIGHT)), check.get("dock_doors", v -> CatalogColumns.count(v, false)),
                    check.get("drive_in_doors", v -> CatalogColumns.count(v, false)),
                    check.get("climate_controlled", v -> CatalogColumns.bool(v, null)),
                    check.get("has_office", v -> CatalogColumns.bool(v, null)),
                    check.get("access_24_7", v -> CatalogColumns.bool(v, null)),
                    check.get("forklift_available", v -> CatalogColumns.bool(v, null)),
                    check.get("electrical_service", v -> CatalogColumns.text(v, 255)),
                    check.get("parking_spaces", v -> CatalogColumns.count(v, false)),
                    check.get("overnight_parking", v -> CatalogColumns.bool(v, null)),
                    check.get("sprinkler_system", v -> CatalogColumns.bool(v, null)),
                    check.get("security_features", v -> CatalogColumns.text(v, 500)));
            var listings = new ArrayList<Listing>();
            for (var lv : r.listings()) {
                var where = lv.getOrDefault("\u0000where", r.where());
                var l = new Checker(where, lv, problems);
                var min = l.get("min_term_months", v -> CatalogColumns.count(v, false));
                var max = l.get("max_term_months", v -> CatalogColumns.count(v, false));
                if (min != null && max != null && min > max) {
                    problems.add(where + "max_term_months: is less than min_term_months");
                }
                listings.add(new Listing(0, 0, l.getOr("available_sqft", v -> CatalogColumns.count(v, true), 0),
                        l.get("base_rate", v -> CatalogColumns.decimal(v, 2, MAX_RATE)),
                        l.get("available_from", CatalogColumns::date), min, max,
                        l.get("terms", v -> CatalogColumns.text(v, 255)),
                        l.getOr("listing_active", v -> CatalogColumns.bool(v, true), true)));
            }
            items.add(new CatalogItem(property, listings, knowledge));
        }
        if (!problems.isEmpty()) throw new CatalogFormatException(byRow(problems));
        return items;
    }

    /** CSV problems in row order ("file:12: …"); JSON paths keep the order they were found in. */
    private static List<String> byRow(List<String> problems) {
        var sorted = new ArrayList<>(problems);
        sorted.sort(java.util.Comparator.comparingInt(CatalogFiles::row));
        return sorted;
    }

    private static int row(String problem) {
        var m = java.util.regex.Pattern.compile(":(\\d+): ").matcher(problem);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** Reads one column with its check, collecting the problem instead of stopping at it. */
    private record Checker(String where, Map<String, String> values, List<String> problems) {
        <T> T get(String column, java.util.function.Function<String, T> check) {
            return getOr(column, check, null);
        }

        <T> T getOr(String column, java.util.function.Function<String, T> check, T fallback) {
            try {
                var value = check.apply(values.get(column));
                return value == null ? fallback : value;
            } catch (IllegalArgumentException e) {
                problems.add(where + column + ": " + e.getMessage());
                return fallback;
            }
        }
    }

    // --- writing ---

    public static String toJson(List<CatalogItem> items) {
        var root = JSON.createObjectNode();
        var array = root.putArray("properties");
        for (var item : items) {
            var p = item.property();
            var node = array.addObject();
            node.put("ref", p.ref());
            node.put("name", p.name());
            putText(node, "address", p.address());
            node.put("city", p.city());
            putText(node, "state", p.state());
            putText(node, "metro", p.metro());
            putText(node, "time_zone", p.timeZone());
            var uses = node.putArray("use_types");
            p.useTypes().forEach(uses::add);
            putText(node, "supplier_name", p.supplierName());
            putText(node, "supplier_phone", p.supplierPhone());
            putText(node, "description", p.description());
            node.put("active", p.active());
            var listings = node.putArray("listings");
            for (var l : item.listings()) {
                var ln = listings.addObject();
                ln.put("available_sqft", l.availableSqft());
                if (l.baseRate() != null) ln.put("base_rate", l.baseRate());
                if (l.availableFrom() != null) ln.put("available_from", l.availableFrom().toString());
                if (l.minTermMonths() != null) ln.put("min_term_months", l.minTermMonths());
                if (l.maxTermMonths() != null) ln.put("max_term_months", l.maxTermMonths());
                putText(ln, "terms", l.terms());
                ln.put("active", l.active());
            }
            var k = node.putObject("knowledge");
            var kv = knowledgeValues(item.knowledge());
            kv.forEach((key, value) -> {
                if (value instanceof BigDecimal d) k.put(key, d);
                else if (value instanceof Integer n) k.put(key, n);
                else if (value instanceof Boolean b) k.put(key, b);
                else if (value != null) k.put(key, value.toString());
            });
        }
        try {
            return JsonMappers.PRETTY.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String toCsv(List<CatalogItem> items) {
        var out = new StringBuilder(CsvLines.line(CatalogColumns.ALL));
        for (var item : items) {
            var p = item.property();
            var kv = knowledgeValues(item.knowledge());
            var listings = item.listings().isEmpty() ? List.<Listing>of() : item.listings();
            for (var l : listings) {
                var row = new ArrayList<String>(List.of(p.ref(), p.name(), nz(p.address()), p.city(), nz(p.state()),
                        nz(p.metro()), nz(p.timeZone()), String.join(",", p.useTypes()), nz(p.supplierName()),
                        nz(p.supplierPhone()), nz(p.description()), Boolean.toString(p.active()),
                        Integer.toString(l.availableSqft()), l.baseRate() == null ? "" : l.baseRate().toPlainString(),
                        l.availableFrom() == null ? "" : l.availableFrom().toString(), nz(l.minTermMonths()),
                        nz(l.maxTermMonths()), nz(l.terms()), Boolean.toString(l.active())));
                for (var column : CatalogColumns.KNOWLEDGE) {
                    var v = kv.get(column);
                    row.add(v instanceof BigDecimal d ? d.stripTrailingZeros().toPlainString() : nz(v));
                }
                out.append(CsvLines.line(row));
            }
        }
        return out.toString();
    }

    private static Map<String, Object> knowledgeValues(PropertyKnowledge k) {
        var m = new LinkedHashMap<String, Object>();
        // plain digits: "30", not 3E+1 (stripTrailingZeros alone) nor "30.0" (the column's scale)
        m.put("ceiling_height", k.ceilingHeight() == null ? null
                : new BigDecimal(k.ceilingHeight().stripTrailingZeros().toPlainString()));
        m.put("dock_doors", k.dockDoors());
        m.put("drive_in_doors", k.driveInDoors());
        m.put("climate_controlled", k.climateControlled());
        m.put("has_office", k.hasOffice());
        m.put("access_24_7", k.access247());
        m.put("forklift_available", k.forkliftAvailable());
        m.put("electrical_service", k.electricalService());
        m.put("parking_spaces", k.parkingSpaces());
        m.put("overnight_parking", k.overnightParking());
        m.put("sprinkler_system", k.sprinklerSystem());
        m.put("security_features", k.securityFeatures());
        return m;
    }

    private static void putText(ObjectNode node, String key, String value) {
        if (value != null) node.put(key, value);
    }

    private static String nz(Object o) {
        return o == null ? "" : o.toString();
    }
}
