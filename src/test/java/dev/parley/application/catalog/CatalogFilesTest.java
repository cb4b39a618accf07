package dev.parley.application.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** Catalogue files: every field of the Field Catalog, CSV and JSON, errors naming row (or path) and column. */
class CatalogFilesTest {
    static final String HEADER = "ref,name,address,city,state,metro,time_zone,use_types,supplier_name,supplier_phone,"
            + "description,active,available_sqft,base_rate,available_from,min_term_months,max_term_months,terms,"
            + "listing_active,ceiling_height,dock_doors,drive_in_doors,climate_controlled,has_office,access_24_7,"
            + "forklift_available,electrical_service,parking_spaces,overnight_parking,sprinkler_system,"
            + "security_features\n";

    @Test
    void csvRowsAreListingsOfTheirRefsProperty() {
        var csv = HEADER
                + "MI-1,Commerce DC,\"4200 Katy Fwy, Commerce Twp\",Commerce Twp,MI,Detroit,America/Detroit,"
                + "\"storage,distribution\",Lakes,+12485550140,,true,18000,1.15,,3,12,3-12 month terms,true,24,4,0,no,,"
                + ",,\"400 amp, 3-phase\",20,,yes,\n"
                + "MI-1,,,,,,,,,,,,9000,1.20,2025-05-01,6,24,,true,,,,,,,,,,,,\n";
        var items = CatalogFiles.parseCsv("catalog.csv", csv);
        assertThat(items).hasSize(1);
        var item = items.getFirst();
        assertThat(item.property().address()).isEqualTo("4200 Katy Fwy, Commerce Twp");
        assertThat(item.property().useTypes()).containsExactly("storage", "distribution");
        assertThat(item.listings()).extracting(l -> l.availableSqft()).containsExactly(18000, 9000);
        assertThat(item.listings().get(1).availableFrom()).isEqualTo(LocalDate.of(2025, 5, 1));
        var k = item.knowledge();
        assertThat(k.ceilingHeight()).isEqualByComparingTo("24");
        assertThat(k.climateControlled()).isFalse();
        assertThat(k.hasOffice()).isNull();
        assertThat(k.electricalService()).isEqualTo("400 amp, 3-phase");
        assertThat(k.sprinklerSystem()).isTrue();
        assertThat(k.overnightParking()).as("empty is unknown: a question about it escalates").isNull();
    }

    @Test
    void csvErrorsNameRowAndColumnAndNothingIsAccepted() {
        var csv = "ref,name,city,available_sqft,base_rate,state,dock_doors,supplier_phone,time_zone\n"
                + "X-1,Test,Detroit,abc,1.234,Mi,-2,2485550140,Mars/Base\n"
                + ",Test,Detroit,100,,MI,,,\n"
                + "X-2,Test,,100,,MI,,,\n";
        assertThatThrownBy(() -> CatalogFiles.parseCsv("bad.csv", csv)).isInstanceOf(CatalogFormatException.class)
                .satisfies(e -> assertThat(((CatalogFormatException) e).problems()).containsExactly(
                        "bad.csv:2: state: must be a 2-letter code in capitals, like MI",
                        "bad.csv:2: time_zone: is not a time zone (use an IANA name like America/Detroit)",
                        "bad.csv:2: supplier_phone: must be an E.164 number like +12485550140",
                        "bad.csv:2: dock_doors: must not be negative",
                        "bad.csv:2: available_sqft: is not a whole number: 'abc'",
                        "bad.csv:2: base_rate: has more than 2 decimals",
                        "bad.csv:3: ref: is required",
                        "bad.csv:4: city: is required"));
    }

    @Test
    void unknownColumnsAndMissingRequiredOnesAreRefused() {
        assertThatThrownBy(() -> CatalogFiles.parseCsv("c.csv", "ref,name,city,sqft\nA,B,C,1\n"))
                .hasMessageContaining("c.csv:1: sqft: unknown column")
                .hasMessageContaining("c.csv:1: available_sqft: required column is missing");
        assertThatThrownBy(() -> CatalogFiles.parseCsv("c.csv", "ref,name,city,available_sqft\nA,B,C\n"))
                .hasMessageContaining("c.csv:2: has 3 fields, the header has 4");
        assertThatThrownBy(() -> CatalogFiles.parse("c.txt", "")).hasMessageContaining("must end in .csv or .json");
        assertThatThrownBy(() -> CatalogFiles.parseCsv("c.csv", "ref,name,city,available_sqft\nA,\"B\nC,1\n"))
                .hasMessageContaining("c.csv:2: quoted field is never closed");
    }

    @Test
    void jsonErrorsNameThePath() {
        var json = """
                {"properties": [
                  {"ref": "A-1", "name": "A", "city": "Detroit", "listings": [{"available_sqft": 1000, "rate": 1}],
                   "knowledge": {"dock_doors": "many", "wifi": true}},
                  {"ref": "A-1", "name": "B", "city": "Troy", "listings": []}
                ]}""";
        assertThatThrownBy(() -> CatalogFiles.parseJson("c.json", json)).isInstanceOf(CatalogFormatException.class)
                .satisfies(e -> assertThat(((CatalogFormatException) e).problems()).contains(
                        "c.json: properties[0].listings[0].rate: unknown key",
                        "c.json: properties[0].knowledge.wifi: unknown key",
                        "c.json: properties[0].dock_doors: is not a whole number: 'many'",
                        "c.json: properties[1].listings: at least one listing is required",
                        "c.json: properties[1].ref: 'A-1' appears twice (first at c.json: properties[0].)"));
        assertThatThrownBy(() -> CatalogFiles.parseJson("c.json", "{\"properties\": [")).hasMessageContaining(
                "not valid JSON");
    }

    @Test
    void theDemoCatalogueRoundTripsThroughCsvAndJson() throws Exception {
        var demo = Files.readString(Path.of("src/main/resources/catalog/demo.json"));
        var items = CatalogFiles.parseJson("demo.json", demo);
        assertThat(items).hasSizeGreaterThanOrEqualTo(30);
        assertThat(items).extracting(i -> i.property().city()).contains("Commerce Twp", "Pontiac", "Houston", "Katy",
                "Pasadena");
        assertThat(CatalogFiles.parseCsv("x.csv", CatalogFiles.toCsv(items))).isEqualTo(items);
        assertThat(CatalogFiles.parseJson("x.json", CatalogFiles.toJson(items))).isEqualTo(items);
        var commerce = items.stream().filter(i -> i.property().ref().equals("MI-COMMERCE-01")).findFirst()
                .orElseThrow();
        assertThat(commerce.listings().getFirst().baseRate()).isEqualByComparingTo(new BigDecimal("1.15"));
        assertThat(commerce.knowledge().overnightParking()).as("unknown: the seed's escalation").isNull();
        assertThat(commerce.knowledge().electricalService()).isEqualTo("400 amp, 3-phase");
    }

    @Test
    void aSpreadsheetExportWithAByteOrderMarkCrlfAndAMultiLineDescriptionReads() {
        var csv = "\uFEFFref,name,city,available_sqft,description\r\n"
                + "W1,North Dock,Detroit,12000,\"Two docks,\r\n\"\"drive-in\"\" door\"\r\n"
                + "W2,South Yard,Detroit,abc,plain\r\n";
        assertThatThrownBy(() -> CatalogFiles.parseCsv("export.csv", csv)).isInstanceOf(CatalogFormatException.class)
                .hasMessageContaining("export.csv:4: available_sqft: is not a whole number: 'abc'");

        var items = CatalogFiles.parseCsv("export.csv", csv.replace("abc", "8000"));
        assertThat(items).hasSize(2);
        assertThat(items.getFirst().property().description()).isEqualTo("Two docks,\r\n\"drive-in\" door");
    }
}
