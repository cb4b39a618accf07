package dev.parley.adapter.cli;

import dev.parley.application.JsonMappers;
import dev.parley.application.catalog.CatalogFormatException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code parley catalog import|export}: the buyer-sms property catalogue of a Parley home. */
@Command(name = "catalog", mixinStandardHelpOptions = true,
        description = "Import or export the property catalogue (docs/playbooks/buyer-sms.md).",
        subcommands = {CatalogCommand.Import.class, CatalogCommand.Export.class})
final class CatalogCommand implements Callable<Integer> {
    @ParentCommand ParleyCommand parent;
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }

    @Command(name = "import", mixinStandardHelpOptions = true,
            description = "Import properties from a .csv or .json file (or the shipped demo catalogue): each is "
                    + "added, or replaced with its listings and knowledge when its ref exists. All or nothing.")
    static final class Import implements Callable<Integer> {
        @ParentCommand CatalogCommand catalog;
        @Spec CommandSpec spec;

        @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "catalog.csv or catalog.json")
        Path file;

        @Option(names = "--demo", description = "import the demo catalogue shipped with Parley")
        boolean demo;

        @Option(names = "--dry-run", description = "check the file and report, change nothing")
        boolean dryRun;

        @Option(names = "--home", paramLabel = "DIR", description = "Parley home (default: $PARLEY_HOME, else ~/.parley)")
        Path home;

        @Override
        public Integer call() throws Exception {
            var out = spec.commandLine().getOut();
            var err = spec.commandLine().getErr();
            if (demo == (file != null)) {
                err.println("catalog import: give a FILE or --demo (one of them)");
                return 2;
            }
            String content = null;
            if (file != null) {
                if (!Files.isRegularFile(file)) {
                    err.println(file + ": no such file");
                    return 2;
                }
                content = Files.readString(file, StandardCharsets.UTF_8);
            }
            var parent = catalog.parent;
            try {
                var result = parent.launcher().importCatalog(home != null ? home : parent.home,
                        file == null ? null : file.getFileName().toString(), content, dryRun);
                out.println(JsonMappers.PLAIN.writeValueAsString(result));
                return 0;
            } catch (CatalogFormatException e) {
                var shown = e.problems().stream().limit(50).toList();
                shown.forEach(err::println);
                if (e.problems().size() > shown.size()) {
                    err.println("… and " + (e.problems().size() - shown.size()) + " more problems");
                }
                err.println("nothing was imported");
                return 2;
            }
        }
    }

    @Command(name = "export", mixinStandardHelpOptions = true,
            description = "Write the whole catalogue as JSON (default) or CSV, in the import format.")
    static final class Export implements Callable<Integer> {
        @ParentCommand CatalogCommand catalog;
        @Spec CommandSpec spec;

        @Option(names = "--format", paramLabel = "json|csv", defaultValue = "json", description = "json or csv")
        String format;

        @Option(names = "--out", paramLabel = "FILE", description = "write to FILE instead of stdout")
        Path out;

        @Option(names = "--home", paramLabel = "DIR", description = "Parley home (default: $PARLEY_HOME, else ~/.parley)")
        Path home;

        @Override
        public Integer call() throws Exception {
            if (!format.equals("json") && !format.equals("csv")) {
                spec.commandLine().getErr().println("--format: must be json or csv (got '" + format + "')");
                return 2;
            }
            var parent = catalog.parent;
            var text = parent.launcher().exportCatalog(home != null ? home : parent.home, format);
            if (out != null) Files.writeString(out, text, StandardCharsets.UTF_8);
            else {
                spec.commandLine().getOut().print(text);
                spec.commandLine().getOut().flush();
            }
            return 0;
        }
    }
}
