import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * The JDK modules Parley's runtime image needs, computed from the jars that ship, never listed by hand:
 *
 * <ol>
 *   <li>{@code jdeps --print-module-deps --ignore-missing-deps --multi-release N} over every class of the application
 *       jar and of every dependency jar. Modular jars are analysed as plain class-path jars (their
 *       {@code module-info} removed from a copy), because that is how Parley runs them and because jdeps would
 *       otherwise insist on resolving their optional {@code requires};</li>
 *   <li>the JDK modules that modular jars declare in {@code module-info} ({@code requires}, not
 *       {@code requires static}): what a library says it needs, such as JavaFX's {@code jdk.unsupported};</li>
 *   <li>{@code installer/runtime-modules.txt}: modules reached only by name at run time (reflection, service
 *       loaders, charsets and locales looked up by name), each with its reason.</li>
 * </ol>
 *
 * A new dependency is picked up by the next build without any edit. {@link #missing} is the build's check: what the
 * shipped jars need that a runtime image lacks.
 */
final class RuntimeModules {
    private RuntimeModules() {
    }

    /**
     * Every JDK module the given jars need, sorted. The jdeps result is kept in {@code cache} under a digest of the
     * jars' contents, so that checking an image built from the same jars does not analyse them twice.
     */
    static Set<String> needed(List<Path> jars, Path extraModulesFile, Path cache) throws IOException {
        var modules = new TreeSet<String>();
        var cached = cache.resolve("jdeps-" + digest(jars) + ".txt");
        if (Files.isRegularFile(cached)) {
            modules.addAll(Files.readAllLines(cached));
        } else {
            var found = jdeps(jars);
            Files.createDirectories(cache);
            Files.write(cached, found);
            modules.addAll(found);
        }
        modules.addAll(declaredJdkModules(jars));
        modules.addAll(extraModules(extraModulesFile));
        return modules;
    }

    /** What {@code needed} holds that the runtime image (its {@code release} file) lacks. */
    static Set<String> missing(Set<String> needed, Path runtimeImage) throws IOException {
        var present = imageModules(runtimeImage);
        var missing = new TreeSet<>(needed);
        missing.removeAll(present);
        return missing;
    }

    /** The modules a runtime image holds, from its {@code release} file ({@code MODULES="a b c"}). */
    static Set<String> imageModules(Path runtimeImage) throws IOException {
        var release = runtimeImage.resolve("release");
        for (var line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
            if (line.startsWith("MODULES=")) {
                var value = line.substring("MODULES=".length()).replace("\"", "").trim();
                return new TreeSet<>(Arrays.asList(value.split("\\s+")));
            }
        }
        throw new IOException(release + " has no MODULES line");
    }

    static Set<String> jdeps(List<Path> jars) throws IOException {
        var scratch = Files.createTempDirectory("parley-jdeps");
        try {
            var analysed = new ArrayList<String>();
            for (var jar : jars) analysed.add(asClassPathJar(jar, scratch).toString());
            var args = new ArrayList<>(List.of("--ignore-missing-deps", "-q",
                    "--multi-release", Integer.toString(Runtime.version().feature()), "--print-module-deps",
                    "--class-path", String.join(java.io.File.pathSeparator, analysed)));
            args.addAll(analysed);
            var out = new ByteArrayOutputStream();
            var err = new ByteArrayOutputStream();
            var jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new IOException("this JDK has no jdeps"));
            int code;
            try (var o = new PrintWriter(out, true, StandardCharsets.UTF_8);
                 var e = new PrintWriter(err, true, StandardCharsets.UTF_8)) {
                code = jdeps.run(o, e, args.toArray(String[]::new));
            }
            var text = out.toString(StandardCharsets.UTF_8).strip();
            if (code != 0 || text.isEmpty()) {
                throw new IOException("jdeps failed (" + code + "): " + err.toString(StandardCharsets.UTF_8) + text);
            }
            var lines = text.lines().toList();
            return new TreeSet<>(Arrays.asList(lines.getLast().strip().split(",")));
        } finally {
            deleteTree(scratch);
        }
    }

    private static String digest(List<Path> jars) throws IOException {
        try {
            var sha = java.security.MessageDigest.getInstance("SHA-256");
            for (var jar : jars.stream().sorted(java.util.Comparator.comparing(p -> p.getFileName().toString()))
                    .toList()) {
                sha.update(jar.getFileName().toString().getBytes(StandardCharsets.UTF_8));
                try (var in = Files.newInputStream(jar)) {
                    var buffer = new byte[1 << 16];
                    for (int n; (n = in.read(buffer)) > 0; ) sha.update(buffer, 0, n);
                }
            }
            return java.util.HexFormat.of().formatHex(sha.digest()).substring(0, 16);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The JDK modules that the jars' own module descriptors require (static requires are optional: left out). */
    static Set<String> declaredJdkModules(List<Path> jars) {
        var system = ModuleFinder.ofSystem();
        var modules = new TreeSet<String>();
        for (var jar : jars) {
            ModuleDescriptor descriptor;
            try {
                var found = ModuleFinder.of(jar).findAll();
                if (found.size() != 1) continue;
                descriptor = found.iterator().next().descriptor();
            } catch (FindException notAModule) {
                continue;
            }
            if (descriptor.isAutomatic()) continue;
            for (var requires : descriptor.requires()) {
                if (requires.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC)) continue;
                if (system.find(requires.name()).isPresent()) modules.add(requires.name());
            }
        }
        return modules;
    }

    /** Modules listed one a line (text after {@code #} is the reason); each must exist in this JDK. */
    static Set<String> extraModules(Path file) throws IOException {
        var modules = new TreeSet<String>();
        int number = 0;
        for (var line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            number++;
            var name = line.replaceFirst("#.*", "").strip();
            if (name.isEmpty()) continue;
            if (ModuleFinder.ofSystem().find(name).isEmpty()) {
                throw new IOException(file + ":" + number + ": no module " + name + " in this JDK");
            }
            modules.add(name);
        }
        return modules;
    }

    /** The jar itself, or for a modular jar a copy without its module descriptors. */
    private static Path asClassPathJar(Path jar, Path scratch) throws IOException {
        try (var zip = new ZipFile(jar.toFile())) {
            var modular = zip.stream().anyMatch(e -> isModuleInfo(e.getName()));
            if (!modular) return jar;
            var copy = scratch.resolve(jar.getFileName());
            try (var out = new ZipOutputStream(Files.newOutputStream(copy))) {
                out.setLevel(java.util.zip.Deflater.NO_COMPRESSION); // read once by jdeps, then deleted
                for (var entries = zip.entries(); entries.hasMoreElements(); ) {
                    var entry = entries.nextElement();
                    if (isModuleInfo(entry.getName())) continue;
                    out.putNextEntry(new ZipEntry(entry.getName()));
                    try (var in = zip.getInputStream(entry)) {
                        in.transferTo(out);
                    }
                    out.closeEntry();
                }
            }
            return copy;
        }
    }

    private static boolean isModuleInfo(String name) {
        return name.equals("module-info.class") || name.startsWith("META-INF/versions/")
                && name.endsWith("/module-info.class");
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (var paths = Files.walk(root)) {
            for (var p : paths.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(p);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
