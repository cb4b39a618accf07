package dev.parley.bootstrap.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code parley catalog import|export} end to end on a home's H2 store: exit codes, output, row/column errors. */
class CatalogCommandTest {
    @TempDir Path home;

    record Run(int exit, String out, String err) {
    }

    Run run(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void importExportAndReimport() throws Exception {
        var demo = run("catalog", "import", "--demo", "--home", home.toString());
        assertThat(demo.exit()).as(demo.err()).isZero();
        assertThat(demo.out()).contains("\"properties\":32", "\"created\":32");
        var csv = run("catalog", "export", "--format", "csv", "--home", home.toString());
        assertThat(csv.exit()).isZero();
        assertThat(csv.out()).startsWith("ref,name,address,city,").contains("MI-COMMERCE-01,Commerce Twp Distribution");
        var file = home.resolve("catalog.csv");
        Files.writeString(file, csv.out().replace("Commerce Twp Distribution Center", "Commerce Twp DC"));
        var again = run("catalog", "import", file.toString(), "--home", home.toString());
        assertThat(again.out()).contains("\"created\":0", "\"updated\":32");
        assertThat(run("catalog", "export", "--home", home.toString()).out()).contains("\"name\" : \"Commerce Twp DC\"");
    }

    @Test
    void aBadFileNamesRowAndColumnAndChangesNothing() throws Exception {
        var file = home.resolve("bad.csv");
        Files.writeString(file, "ref,name,city,available_sqft\nA-1,Test,Detroit,lots\n");
        var bad = run("catalog", "import", file.toString(), "--home", home.toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("bad.csv:2: available_sqft: is not a whole number: 'lots'",
                "nothing was imported");
        assertThat(run("catalog", "export", "--home", home.toString()).out()).contains("\"properties\" : [ ]");
    }

    @Test
    void dryRunAndUsageErrors() throws Exception {
        var file = home.resolve("one.json");
        Files.writeString(file, "{\"properties\":[{\"ref\":\"A\",\"name\":\"A\",\"city\":\"Detroit\","
                + "\"listings\":[{\"available_sqft\":1000}]}]}");
        var dry = run("catalog", "import", file.toString(), "--dry-run", "--home", home.toString());
        assertThat(dry.out()).contains("\"dry_run\":true", "\"properties\":1");
        assertThat(run("catalog", "export", "--home", home.toString()).out()).contains("\"properties\" : [ ]");
        assertThat(run("catalog", "import", "--home", home.toString()).exit()).isEqualTo(2);
        assertThat(run("catalog", "import", home.resolve("missing.csv").toString(), "--home", home.toString())
                .err()).contains("no such file");
        assertThat(run("catalog", "export", "--format", "xml", "--home", home.toString()).exit()).isEqualTo(2);
    }
}
