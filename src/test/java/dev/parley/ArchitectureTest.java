package dev.parley;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The hexagon's walls, checked on the production classes. */
@AnalyzeClasses(packages = "dev.parley", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule domainIsPure = noClasses().that().resideInAPackage("dev.parley.domain..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "jakarta..", "org.hibernate..",
                    "com.sun.net.httpserver..", "org.eclipse.jetty..", "okhttp3..", "java.net.http..")
            .because("the domain is plain records and rules: no UI, persistence or HTTP technology");

    @ArchTest
    static final ArchRule coreDoesNotKnowAdapters = noClasses()
            .that().resideInAnyPackage("dev.parley.domain..", "dev.parley.application..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.parley.adapter..", "dev.parley.bootstrap..")
            .because("use cases talk to the outside through ports; adapters are plugged in by the composition root");

    @ArchTest
    static final ArchRule adaptersDoNotKnowTheCompositionRoot = noClasses()
            .that().resideInAPackage("dev.parley.adapter..")
            .should().dependOnClassesThat().resideInAPackage("dev.parley.bootstrap..")
            .because("only bootstrap wires adapters together; an adapter reaching back into it would be a cycle");

    @ArchTest
    static final ArchRule packagesAreFreeOfCycles = slices().matching("dev.parley.(**)").should().beFreeOfCycles()
            .because("a package that needs another which needs it back is one package split in two: layers, "
                    + "features and engines each depend one way (the console's features on its context, the "
                    + "launcher on the replay engine on the composition root)");

    @ArchTest
    static final ArchRule decidersDoNotTouchTheStore = noClasses()
            .that().resideInAnyPackage("dev.parley.application.playbook..", "dev.parley.application.chimein..")
            .or().resideInAPackage("dev.parley.application.safety")
            .should().dependOnClassesThat().resideInAPackage("dev.parley.application.store..")
            .because("playbooks and the safety validator decide: they read through ConversationReads and change "
                    + "things only by the Effects their session hands on, which one short Commit stage writes "
                    + "(docs/decisions/0021-pipeline-stages.md); a decider handed the store could write, or wait on a "
                    + "model, inside the writer's transaction");

    @ArchTest
    static final ArchRule effectsAreWrittenInOnePlace = noClasses()
            .that().resideInAPackage("dev.parley.application.playbook..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.parley.application.stage..",
                    "dev.parley.application.pipeline..")
            .because("a decider knows its session, not which stage runs it: the Prepare and Commit backends are "
                    + "the stages' business");

    @ArchTest
    static final ArchRule noStandardStreamsOutsideTheCli = noClasses()
            .that().resideOutsideOfPackage("dev.parley.adapter.cli..")
            .and().doNotHaveFullyQualifiedName("dev.parley.bootstrap.launch.Main")
            .should().accessField(System.class, "out").orShould().accessField(System.class, "err")
            .because("diagnostics go through the logger (which keeps private data out); only the CLI prints");
}
