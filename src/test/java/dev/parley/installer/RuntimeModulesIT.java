package dev.parley.installer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The runtime's modules are computed from the jars, and the build's check fails an image that lacks one. */
@EnabledOnOs(OS.LINUX)
class RuntimeModulesIT {
    static final Path IMAGE = Path.of("target/installer/parley");

    @TempDir Path dir;

    @Test
    void theComputedModulesCoverWhatTheAppUsesDirectlyByDescriptorAndByName() throws Exception {
        var modules = List.of(Files.readString(Path.of("target/installer-work/runtime-modules.txt")).split("\\s+"));
        assertThat(modules)
                .as("jdeps: the HTTP listener, JDBC, Hibernate's naming and instrumentation")
                .contains("jdk.httpserver", "java.sql", "java.naming", "java.instrument", "java.net.http")
                .as("declared by JavaFX's module descriptor").contains("java.desktop", "java.xml", "jdk.unsupported")
                .as("by name only (installer/runtime-modules.txt)").contains("jdk.charsets", "jdk.localedata")
                .as("not needed by anything").doesNotContain("jdk.jshell", "jdk.compiler", "java.se", "jdk.jdi");
        assertThat(Files.readString(IMAGE.resolve("lib/runtime/release"))).contains("jdk.httpserver");
    }

    @Test
    void theImageCheckFailsWhenAModuleTheAppNeedsIsMissing() throws Exception {
        var image = dir.resolve("parley");
        Files.createDirectories(image.resolve("lib/runtime"));
        Files.createSymbolicLink(image.resolve("lib/app"), IMAGE.resolve("lib/app").toAbsolutePath());
        var release = Files.readString(IMAGE.resolve("lib/runtime/release"));
        var line = release.lines().filter(l -> l.startsWith("MODULES=")).findFirst().orElseThrow();
        var without = Arrays.stream(line.substring("MODULES=".length()).replace("\"", "").split("\\s+"))
                .filter(m -> !m.equals("jdk.httpserver")).toList();
        Files.writeString(image.resolve("lib/runtime/release"), "MODULES=\"" + String.join(" ", without) + "\"\n");

        var failed = check(image);
        assertThat(failed.code()).isEqualTo(1);
        assertThat(failed.output()).contains("lacks modules the application needs: jdk.httpserver");

        var passed = check(IMAGE);
        assertThat(passed.code()).as(passed.output()).isZero();
        assertThat(passed.output()).contains("module check: the runtime holds all");
    }

    private static InstalledParley.Result check(Path image) throws Exception {
        var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        var process = new ProcessBuilder(java, "installer/tool/Package.java", "check", image.toString())
                .redirectErrorStream(true).start();
        var out = new String(process.getInputStream().readAllBytes());
        return new InstalledParley.Result(process.waitFor(), out);
    }
}
