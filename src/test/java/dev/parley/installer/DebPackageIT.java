package dev.parley.installer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The .deb the build made: its control fields, its layout, and a life cycle in a throw-away root (dpkg --root):
 * install an older release, run it, upgrade to this one, run it on the same data, start it on a store of the first
 * schema version (migrated at start), remove and purge; the user's Parley home is never touched.
 */
@EnabledOnOs(OS.LINUX)
class DebPackageIT {
    static final String PACKAGE = "parley-console";
    static Path deb;

    @TempDir Path dir;

    @BeforeAll
    static void findPackage() throws Exception {
        Installers.require("dpkg-deb", "dpkg");
        try (var files = Files.list(Path.of("target/installer"))) {
            deb = files.filter(p -> p.getFileName().toString().matches(PACKAGE + "_.*\\.deb")).findFirst()
                    .orElseThrow(() -> new AssertionError("the build made no " + PACKAGE + " .deb in target/installer"))
                    .toAbsolutePath();
        }
    }

    @Test
    void theControlFieldsCarryRealMetadata() throws Exception {
        var fields = controlFields(Installers.run(Path.of("."), "dpkg-deb", "-f", deb.toString()));
        var arch = Installers.run(Path.of("."), "dpkg", "--print-architecture").strip();

        assertThat(fields.get("Package")).isEqualTo(PACKAGE);
        assertThat(fields.get("Version")).isEqualTo(Installers.releaseVersion()).doesNotContainIgnoringCase("snapshot");
        assertThat(deb.getFileName().toString()).isEqualTo(PACKAGE + "_" + Installers.releaseVersion() + "_" + arch + ".deb");
        assertThat(fields.get("Architecture")).isEqualTo(arch);
        assertThat(fields.get("Maintainer")).matches("[^<>]+ <[^@\\s<>]+@[^@\\s<>]+\\.[a-z]+>")
                .doesNotContain("Unknown").doesNotContain("localhost");
        assertThat(fields.get("Section")).isEqualTo("net");
        assertThat(fields.get("Priority")).isEqualTo("optional");
        assertThat(fields.get("Homepage")).startsWith("https://");
        assertThat(Long.parseLong(fields.get("Installed-Size"))).isGreaterThan(50_000L);
        var description = fields.get("Description").lines().toList();
        assertThat(description.getFirst()).isEqualTo("operator console for automated messaging agents");
        assertThat(description).as("an extended description").hasSizeGreaterThan(4);
        var depends = fields.get("Depends");
        assertThat(depends).contains("libgtk-3-0 (>=").contains("libc6 (>=");
        assertThat(depends).as("xdg-utils is not used; sound is not shipped").doesNotContain("xdg-utils")
                .doesNotContain("libasound");
        assertThat(fields).doesNotContainKeys("Pre-Depends", "Recommends");
    }

    /**
     * No distribution's package has this name. apt also lists a package installed on this machine, so Parley's own
     * .deb installed here (a developer trying the build) is not another one: only stanzas whose maintainer is not
     * ours count.
     */
    @Test
    void itsNameIsOneNoDistributionUses() throws Exception {
        Installers.require("apt-cache", "apt");
        var lists = Path.of("/var/lib/apt/lists");
        boolean indexed;
        try (var files = Files.list(lists)) {
            indexed = files.anyMatch(p -> p.getFileName().toString().contains("_Packages"));
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(indexed, "no package index here (apt-get update)");
        var process = new ProcessBuilder("apt-cache", "show", PACKAGE).redirectErrorStream(true).start();
        var out = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            assertThat(out).contains("No packages found");
            return;
        }
        var ours = controlFields(Files.readString(Path.of("installer/linux/control"))).get("Maintainer");
        assertThat(ours).isNotBlank();
        var others = Arrays.stream(out.split("\\n\\s*\\n")).filter(stanza -> !stanza.isBlank())
                .filter(stanza -> !ours.equals(controlFields(stanza).get("Maintainer"))).toList();
        assertThat(others).as("packages named " + PACKAGE + " by other maintainers").isEmpty();
    }

    @Test
    void itsFilesFollowTheDebianLayout() throws Exception {
        var listing = Installers.run(Path.of("."), "dpkg-deb", "-c", deb.toString());
        assertThat(listing).contains("./usr/bin/parley -> /opt/parley-console/bin/parley")
                .contains("./opt/parley-console/bin/parley\n")
                .contains("./opt/parley-console/lib/app/parley.aot\n")
                .contains("./usr/share/applications/parley-console.desktop")
                .contains("./usr/share/icons/hicolor/scalable/apps/parley-console.svg")
                .contains("./usr/share/metainfo/parley-console.metainfo.xml")
                .contains("./usr/share/doc/parley-console/copyright")
                .contains("./usr/share/doc/parley-console/changelog.Debian.gz")
                .contains("./usr/share/doc/parley-console/THIRD-PARTY.txt")
                .contains("./usr/share/man/man1/parley.1.gz");
        for (int size : new int[] {16, 24, 32, 48, 64, 128, 256, 512}) {
            assertThat(listing).contains("./usr/share/icons/hicolor/" + size + "x" + size + "/apps/parley-console.png");
        }
        assertThat(listing).as("stripped: no header files, man pages, sound or native commands of the JDK")
                .doesNotContain("/lib/runtime/include/").doesNotContain("/lib/runtime/man/")
                .doesNotContain("jsound").doesNotContain("/lib/runtime/bin/").doesNotContain(".h\n");
        var info = Installers.run(Path.of("."), "dpkg-deb", "-I", deb.toString());
        assertThat(info).as("no maintainer scripts: nothing runs as root on install")
                .doesNotContain("postinst").doesNotContain("prerm").doesNotContain("preinst").doesNotContain("postrm");

        var tree = dir.resolve("tree");
        Installers.run(Path.of("."), "dpkg-deb", "-x", deb.toString(), tree.toString());
        var desktop = Files.readString(tree.resolve("usr/share/applications/parley-console.desktop"));
        assertThat(desktop).contains("Exec=parley console").contains("Icon=parley-console")
                .contains("Categories=Network;Chat;");
        Installers.require("desktop-file-validate", "desktop-file-utils");
        Installers.run(Path.of("."), "desktop-file-validate",
                tree.resolve("usr/share/applications/parley-console.desktop").toString());
        assertThat(Files.readString(tree.resolve("usr/share/doc/parley-console/copyright")))
                .startsWith("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/")
                .contains("License: Apache-2.0");
    }

    @Test
    void installUpgradeAndRemoveInAThrowAwayRootKeepTheUsersData() throws Exception {
        var root = emptyRoot(dir.resolve("root"));
        var version = Installers.releaseVersion();
        var older = olderRelease(version + "~older");
        var launcher = root.resolve("opt/parley-console/bin/parley");
        var home = dir.resolve("user/.parley");

        dpkg(root, "-i", older.toString());
        assertThat(installedVersion(root)).isEqualTo(version + "~older");
        assertThat(Files.readSymbolicLink(root.resolve("usr/bin/parley")))
                .isEqualTo(Path.of("/opt/parley-console/bin/parley"));
        long before;
        try (var parley = new InstalledParley(launcher, home).start("serve", Map.of())) {
            parley.awaitHealthy(Duration.ofSeconds(90));
            before = AppImageIT.postSignedWebhook(parley.baseUrl(), "SM-before-upgrade", "Written by the older release");
            AppImageIT.awaitProcessed(parley.baseUrl(), before, Duration.ofSeconds(60));
            assertThat(parley.stop(Duration.ofSeconds(30))).isIn(0, 143);
        }

        dpkg(root, "-i", deb.toString());
        assertThat(installedVersion(root)).isEqualTo(version);
        assertThat(InstalledParley.run(launcher, Duration.ofSeconds(60), "--version").output().strip())
                .isEqualTo("parley " + version);
        var cacheRequired = InstalledParley.runSeparately(launcher, Map.of("JAVA_TOOL_OPTIONS", "-XX:AOTMode=on"),
                Duration.ofSeconds(60), "--version");
        assertThat(cacheRequired.code()).as("the AOT cache still maps once installed by dpkg: "
                + cacheRequired.stderr()).isZero();
        try (var parley = new InstalledParley(launcher, home).start("serve", Map.of())) {
            parley.awaitHealthy(Duration.ofSeconds(90));
            AppImageIT.awaitProcessed(parley.baseUrl(), before, Duration.ofSeconds(10));
            long after = AppImageIT.postSignedWebhook(parley.baseUrl(), "SM-after-upgrade", "Written by the new one");
            AppImageIT.awaitProcessed(parley.baseUrl(), after, Duration.ofSeconds(60));
            assertThat(parley.stop(Duration.ofSeconds(30))).isIn(0, 143);
        }
        AppImageIT.assertStoppedCleanly(home);

        var firstSchemaHome = dir.resolve("first-schema/.parley");
        long contact = storeAtFirstSchemaVersion(firstSchemaHome);
        try (var parley = new InstalledParley(launcher, firstSchemaHome).start("serve", Map.of())) {
            parley.awaitHealthy(Duration.ofSeconds(90));
            assertThat(parley.stop(Duration.ofSeconds(30))).isIn(0, 143);
        }
        assertMigratedToTheLatestVersionKeeping(firstSchemaHome, contact);

        long storeSize = Files.size(home.resolve("data/parley.mv.db"));
        dpkg(root, "-r", PACKAGE);
        assertThat(root.resolve("opt/parley-console")).doesNotExist();
        assertThat(Files.exists(root.resolve("usr/bin/parley"), java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
        dpkg(root, "-P", PACKAGE);
        assertThat(Installers.run(root, "dpkg", "--root=" + root, "-l")).doesNotContain(PACKAGE);
        assertThat(Files.size(home.resolve("data/parley.mv.db"))).isEqualTo(storeSize);
        assertThat(home.resolve("parley.properties")).exists();
    }

    /** A dpkg database of its own and nothing else: the package's dependencies are not there, hence force-depends. */
    private static Path emptyRoot(Path root) throws Exception {
        for (var d : new String[] {"var/lib/dpkg/info", "var/lib/dpkg/updates", "var/lib/dpkg/triggers", "var/log"}) {
            Files.createDirectories(root.resolve(d));
        }
        Files.createFile(root.resolve("var/lib/dpkg/status"));
        Files.createFile(root.resolve("var/lib/dpkg/available"));
        return root;
    }

    private static String dpkg(Path root, String... args) throws Exception {
        var command = new java.util.ArrayList<>(java.util.List.of("dpkg", "--root=" + root, "--force-depends",
                "--force-not-root", "--force-script-chrootless"));
        command.addAll(java.util.List.of(args));
        return Installers.run(root, command.toArray(String[]::new));
    }

    private static String installedVersion(Path root) throws Exception {
        return controlFields(Installers.run(root, "dpkg", "--root=" + root, "-s", PACKAGE)).get("Version");
    }

    /** The same package under an older version number: what a person had installed before this release. */
    private Path olderRelease(String olderVersion) throws Exception {
        var tree = dir.resolve("older");
        Installers.run(Path.of("."), "dpkg-deb", "-R", deb.toString(), tree.toString());
        var control = tree.resolve("DEBIAN/control");
        Files.writeString(control, Files.readString(control).replaceFirst("(?m)^Version: .*$",
                "Version: " + olderVersion));
        var older = dir.resolve(PACKAGE + "_" + olderVersion + ".deb");
        Installers.run(Path.of("."), "dpkg-deb", "--root-owner-group", "-Znone", "--build", tree.toString(),
                older.toString());
        return older;
    }

    /** A Parley home whose store stopped at migration V1, with one contact in it; returns the contact's id. */
    private static long storeAtFirstSchemaVersion(Path home) throws Exception {
        var url = "jdbc:h2:file:" + home.resolve("data/parley").toAbsolutePath();
        Flyway.configure().dataSource(url, "sa", "").locations("classpath:db/migration").target("1").load().migrate();
        try (var connection = DriverManager.getConnection(url, "sa", "");
             var statement = connection.prepareStatement("insert into contacts (channel, address, status, created_at)"
                     + " values ('sms', 'hash-of-a-number', 'ACTIVE', current_timestamp)",
                     java.sql.Statement.RETURN_GENERATED_KEYS)) {
            statement.executeUpdate();
            try (var keys = statement.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    private static void assertMigratedToTheLatestVersionKeeping(Path home, long contact) throws Exception {
        var url = "jdbc:h2:file:" + home.resolve("data/parley").toAbsolutePath() + ";IFEXISTS=TRUE";
        var info = Flyway.configure().dataSource(url, "sa", "").locations("classpath:db/migration").load().info();
        assertThat(info.pending()).as("migrations left to apply").isEmpty();
        assertThat(info.current().getVersion().getVersion()).isNotEqualTo("1");
        try (var connection = DriverManager.getConnection(url, "sa", "");
             var statement = connection.createStatement();
             var rows = statement.executeQuery("select count(*) from contacts where id = " + contact)) {
            rows.next();
            assertThat(rows.getInt(1)).isEqualTo(1);
        }
    }

    /** Fields of a control file (dpkg-deb -f, dpkg -s), continuation lines joined with newlines. */
    static Map<String, String> controlFields(String text) {
        var fields = new LinkedHashMap<String, String>();
        String last = null;
        for (var line : text.lines().toList()) {
            if ((line.startsWith(" ") || line.startsWith("\t")) && last != null) {
                fields.put(last, fields.get(last) + "\n" + line.strip());
            } else if (line.contains(":")) {
                last = line.substring(0, line.indexOf(':'));
                fields.put(last, line.substring(line.indexOf(':') + 1).strip());
            }
        }
        return fields;
    }
}
