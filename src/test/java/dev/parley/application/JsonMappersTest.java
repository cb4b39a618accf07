package dev.parley.application;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** One factory of Jackson mappers: nothing else builds or reconfigures one, and each named configuration does its job. */
class JsonMappersTest {
    static final com.tngtech.archunit.core.domain.JavaClasses PARLEY = new ClassFileImporter()
            .importPackages("dev.parley");

    static final com.tngtech.archunit.base.DescribedPredicate<JavaClass> A_MAPPER =
            describe("a Jackson ObjectMapper", c -> c.isAssignableTo(ObjectMapper.class));

    @Test
    void noClassButTheFactoryBuildsAMapper() {
        noClasses().that().doNotHaveFullyQualifiedName(JsonMappers.class.getName())
                .should().callConstructorWhere(target(owner(A_MAPPER)))
                .orShould().callMethodWhere(target(owner(A_MAPPER)).and(target(nameMatching("builder|copy.*"))))
                .because("every mapper comes from JsonMappers, so two places cannot read the same JSON two ways"
                        + " (docs/decisions/0022-libraries-for-infrastructure.md)")
                .check(PARLEY);
    }

    @Test
    void noClassReconfiguresASharedMapper() {
        noClasses().that().doNotHaveFullyQualifiedName(JsonMappers.class.getName())
                .should().callMethodWhere(target(owner(A_MAPPER)).and(target(nameMatching(
                        "enable|disable|configure|register.*|set[A-Z].*|add.*|find.*Modules|activateDefaultTyping.*"))))
                .because("the mappers are shared: a setting changed in one place would change every other's JSON")
                .check(PARLEY);
    }

    @Test
    void theProductionClassesAreChecked() {
        var production = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.parley");
        assertThat(production.contain(JsonMappers.class)).isTrue();
        assertThat(PARLEY.size()).as("tests are checked too").isGreaterThan(production.size());
    }

    @Test
    void sortedWritesEveryMapsKeysInOrder() throws Exception {
        var document = new LinkedHashMap<String, Object>();
        document.put("b", 1);
        document.put("a", Map.of("z", 1, "y", 2));
        assertThat(JsonMappers.SORTED.writeValueAsString(document)).isEqualTo("{\"a\":{\"y\":2,\"z\":1},\"b\":1}");
        assertThat(JsonMappers.PLAIN.writeValueAsString(document)).startsWith("{\"b\":1,");
    }

    @Test
    void strictRefusesADuplicateKeyAndTrailingText() {
        assertThatThrownBy(() -> JsonMappers.STRICT.readTree("{\"text\":\"a\",\"text\":\"b\"}"))
                .isInstanceOf(JsonProcessingException.class).hasMessageContaining("Duplicate field 'text'");
        assertThatThrownBy(() -> JsonMappers.STRICT.readTree("{\"a\":1} {\"b\":2}"))
                .isInstanceOf(MismatchedInputException.class).hasMessageContaining("Trailing token");
        assertThatThrownBy(() -> JsonMappers.strictWithin(2, 1000).readTree("{\"a\":{\"b\":{\"c\":1}}}"))
                .isInstanceOf(JsonProcessingException.class).hasMessageContaining("nesting depth");
    }

    record Head(String category, double threshold, int dimensions) {
    }

    @Test
    void snakeCaseBindsRecordsStrictly() throws Exception {
        assertThat(JsonMappers.SNAKE_CASE.writeValueAsString(new Head("self_harm", 0.5, 384)))
                .isEqualTo("{\"category\":\"self_harm\",\"threshold\":0.5,\"dimensions\":384}");
        assertThatThrownBy(() -> JsonMappers.SNAKE_CASE.readValue("{\"category\":\"x\",\"threshold\":1}", Head.class))
                .isInstanceOf(MismatchedInputException.class);
        assertThatThrownBy(() -> JsonMappers.SNAKE_CASE.readValue(
                "{\"category\":\"x\",\"threshold\":1,\"dimensions\":3,\"extra\":1}", Head.class))
                .isInstanceOf(MismatchedInputException.class);
    }

    @Test
    void prettyIndentsPlain() throws Exception {
        assertThat(JsonMappers.PRETTY.writeValueAsString(Map.of("a", 1))).isEqualTo("{\n  \"a\" : 1\n}");
    }

    // What every named configuration shares: the settings a reader of any Parley JSON may rely on.

    static Stream<Named<ObjectMapper>> everyMapper() {
        return Stream.of(Named.of("PLAIN", JsonMappers.PLAIN), Named.of("SORTED", JsonMappers.SORTED),
                Named.of("STRICT", JsonMappers.STRICT), Named.of("API", JsonMappers.API),
                Named.of("SNAKE_CASE", JsonMappers.SNAKE_CASE),
                Named.of("strictWithin", JsonMappers.strictWithin(64, 1 << 20)));
    }

    static Stream<Named<ObjectWriter>> everyWriter() {
        return Stream.concat(everyMapper().map(m -> Named.of(m.getName(), m.getPayload().writer())),
                Stream.of(Named.of("PRETTY", JsonMappers.PRETTY)));
    }

    record Point(int x, int y) {
    }

    @ParameterizedTest
    @MethodSource("everyMapper")
    void everyMapperRefusesAnUnknownPropertyWhenBindingARecord(ObjectMapper mapper) throws Exception {
        assertThat(mapper.readValue("{\"x\":1,\"y\":2}", Point.class)).isEqualTo(new Point(1, 2));
        assertThatThrownBy(() -> mapper.readValue("{\"x\":1,\"y\":2,\"z\":3}", Point.class))
                .isInstanceOf(UnrecognizedPropertyException.class).hasMessageContaining("\"z\"");
    }

    @ParameterizedTest
    @MethodSource("everyMapper")
    void noMapperHonoursATypeHintInTheInput(ObjectMapper mapper) throws Exception {
        Object read = mapper.readValue("{\"@class\":\"java.io.File\",\"path\":\"/\"}", Object.class);
        assertThat(read).isEqualTo(Map.of("@class", "java.io.File", "path", "/"));
    }

    @ParameterizedTest
    @MethodSource("everyMapper")
    void onlyTheApiMapperWritesJavaTimeTheOthersRefuseIt(ObjectMapper mapper) throws Exception {
        var at = Map.of("at", Instant.parse("2026-03-01T10:00:00Z"));
        if (mapper == JsonMappers.API) {
            assertThat(mapper.writeValueAsString(at)).isEqualTo("{\"at\":\"2026-03-01T10:00:00Z\"}");
            assertThat(mapper.readValue("\"2026-03-01T10:00:00Z\"", Instant.class))
                    .isEqualTo(Instant.parse("2026-03-01T10:00:00Z"));
        } else {
            // Never an epoch number nobody asked for: a time in a document is written through API or as text.
            assertThatThrownBy(() -> mapper.writeValueAsString(at)).isInstanceOf(InvalidDefinitionException.class)
                    .hasMessageContaining("java.time.Instant");
        }
    }

    enum Shade {
        DARK_RED;

        @Override
        public String toString() {
            return "dark red";
        }
    }

    record Swatch(String name, Shade shade, String note, double weight) {
    }

    @ParameterizedTest
    @MethodSource("everyWriter")
    void everyWriterKeepsComponentOrderEnumNamesNullsAndUnescapedText(ObjectWriter writer) throws Exception {
        String json = writer.writeValueAsString(new Swatch("café☕", Shade.DARK_RED, null, 3));
        assertThat(json.replaceAll("\\s", ""))
                .isEqualTo("{\"name\":\"café☕\",\"shade\":\"DARK_RED\",\"note\":null,\"weight\":3.0}");
    }

    static final class Bean {
        public int visible = 1;
        private int hidden = 2;

        public int getDerived() {
            return hidden * 10;
        }
    }

    @ParameterizedTest
    @MethodSource("everyWriter")
    void everyWriterSeesPublicFieldsAndGettersOnlyNotPrivateFields(ObjectWriter writer) throws Exception {
        assertThat(writer.writeValueAsString(new Bean()).replaceAll("\\s", ""))
                .isEqualTo("{\"visible\":1,\"derived\":20}");
    }
}
