package dev.parley.application.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every CSV Parley reads goes through {@link CsvRows}: the cases spreadsheet exports and hand-written files bring. */
class CsvRowsTest {

    static List<CsvRows.Row> rows(String text) throws Exception {
        var out = new ArrayList<CsvRows.Row>();
        try (var rows = CsvRows.of(new StringReader(text))) {
            for (var row = rows.next(); row != null; row = rows.next()) out.add(row);
        }
        return out;
    }

    @Test
    void aQuotedFieldMaySpanLinesAndTheNextRowKnowsItsLine() throws Exception {
        assertThat(rows("id,text\n1,\"first line\nsecond, with a comma\nthird \"\"quoted\"\"\"\n2,plain\n"))
                .containsExactly(new CsvRows.Row(1, List.of("id", "text")),
                        new CsvRows.Row(2, List.of("1", "first line\nsecond, with a comma\nthird \"quoted\"")),
                        new CsvRows.Row(5, List.of("2", "plain")));
    }

    @Test
    void crlfEndsARecordAndStaysInsideAQuotedField() throws Exception {
        assertThat(rows("id,text\r\n1,\"a\r\nb\"\r\n2,c\r\n")).containsExactly(
                new CsvRows.Row(1, List.of("id", "text")), new CsvRows.Row(2, List.of("1", "a\r\nb")),
                new CsvRows.Row(4, List.of("2", "c")));
        assertThat(rows("id,text\r1,a\r2,b")).extracting(CsvRows.Row::line).containsExactly(1L, 2L, 3L);
    }

    @Test
    void closingTheRowsLeavesTheCallersReaderOpen() throws Exception {
        var in = new StringReader("id\n1\n");
        try (var rows = CsvRows.of(in)) {
            assertThat(rows.next()).isEqualTo(new CsvRows.Row(1, List.of("id")));
        }
        // The training data's digest reads the rest of the file after the rows are closed.
        assertThatCode(in::read).as("a closed StringReader throws").doesNotThrowAnyException();
    }

    @Test
    void aByteOrderMarkBeforeTheHeaderIsDropped() throws Exception {
        assertThat(rows("\uFEFFref,name\r\nA,B\r\n")).containsExactly(new CsvRows.Row(1, List.of("ref", "name")),
                new CsvRows.Row(2, List.of("A", "B")));
        assertThat(rows("\uFEFF")).isEmpty();
        assertThat(rows("")).isEmpty();
    }

    @Test
    void blankLinesAreSkippedAndLinesStillCounted() throws Exception {
        assertThat(rows("a,b\n\n1,2\r\n\r\n\n3,4\n")).extracting(CsvRows.Row::line).containsExactly(1L, 3L, 6L);
    }

    @Test
    void strayQuotesAreKeptAsPythonsCsvKeepsThem() throws Exception {
        assertThat(rows("a,b\n1,ab\"c\"d\n2,\"ab\"cd\n")).extracting(CsvRows.Row::fields)
                .containsExactly(List.of("a", "b"), List.of("1", "ab\"c\"d"), List.of("2", "abcd"));
    }

    @Test
    void aQuotedFieldNeverClosedNamesTheLineItsRecordStartsOn() {
        assertThatThrownBy(() -> rows("a,b\n1,ok\n2,\"never\nclosed,x\n")).isInstanceOf(CsvSyntaxException.class)
                .hasMessage("quoted field is never closed")
                .satisfies(e -> assertThat(((CsvSyntaxException) e).line()).isEqualTo(3));
    }

    @Test
    void writtenLinesReadBackTheSame() throws Exception {
        var values = List.of("plain", "with, comma", "with \"quotes\"", "two\nlines", "", "cr\r\nlf");
        var text = CsvLines.line(values) + CsvLines.line(List.of("1", "2", "3", "4", "5", "6"));
        assertThat(rows(text)).containsExactly(new CsvRows.Row(1, values),
                new CsvRows.Row(4, List.of("1", "2", "3", "4", "5", "6")));
        assertThat(CsvLines.line(List.of("a", 1, 2.5))).isEqualTo("a,1,2.5\n");
    }
}
