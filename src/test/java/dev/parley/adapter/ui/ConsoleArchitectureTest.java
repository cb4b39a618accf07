package dev.parley.adapter.ui;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ConsoleArchitectureTest {
    static JavaClasses classes;

    @BeforeAll
    static void load() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.parley");
    }

    @Test
    void viewModelsDoNotTouchTheSceneGraph() {
        noClasses().that().haveSimpleNameEndingWith("ViewModel").should().dependOnClassesThat()
                .resideInAPackage("javafx.scene..")
                .because("view-models are tested without a toolkit; views bind to them (docs/decisions/0004)")
                .check(classes);
    }

    @Test
    void viewModelsDoNotHopThreadsThemselves() {
        noClasses().that().haveSimpleNameEndingWith("ViewModel").should().dependOnClassesThat()
                .haveFullyQualifiedName("javafx.application.Platform")
                .because("the TaskExecutor is the one way off and back onto the FX thread").check(classes);
    }

    @Test
    void theCoreKnowsNothingOfTheConsole() {
        noClasses().that().resideInAnyPackage("dev.parley.domain..", "dev.parley.application..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..",
                        "dev.parley.adapter..")
                .because("the console is an adapter; use cases and ports stay toolkit-free").check(classes);
    }

    @Test
    void theConsoleUsesUseCasesNotTheStore() {
        noClasses().that().resideInAPackage("dev.parley.adapter.ui..").should().dependOnClassesThat()
                .resideInAnyPackage("dev.parley.adapter.persistence..", "dev.parley.application.store..",
                        "dev.parley.bootstrap..", "org.hibernate..", "java.sql..")
                .because("operator actions must go through the audited use cases").check(classes);
    }
}
