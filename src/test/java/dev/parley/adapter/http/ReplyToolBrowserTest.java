package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The Reply Tool once in a real headless browser: Debian's chromium and chromium-driver (.ci/run installs them),
 * driven by Selenium. Open the e-mailed link, answer, and the buyer's message is in the store. Without CI and
 * without chromium installed the test is skipped (it says why); in CI a missing browser fails it.
 */
class ReplyToolBrowserTest {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    @Test
    void anOperatorAnswersFromTheLinkInABrowser(@TempDir Path home) throws Exception {
        boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
        if (System.getenv("CI") == null) {
            Assumptions.assumeTrue(installed, "chromium and chromium-driver are not installed (apt-get install "
                    + "chromium chromium-driver); .ci/run installs them");
        }
        assertThat(installed).as("chromium and chromedriver installed (.ci/run installs them)").isTrue();
        try (var f = new EscalationFixture(home)) {
            var link = EscalationFixture.link(f.escalate());
            var options = new ChromeOptions();
            options.setBinary(CHROMIUM.toFile());
            options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                    "--user-data-dir=" + home.resolve("chromium-profile"));
            var service = new ChromeDriverService.Builder().usingDriverExecutable(new File(DRIVER.toString()))
                    .usingAnyFreePort().build();
            var driver = new ChromeDriver(service, options);
            try {
                driver.get(link);
                var wait = new WebDriverWait(driver, Duration.ofSeconds(30));
                wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("answer")));
                assertThat(driver.findElement(By.id("question")).getText()).isEqualTo("Can trucks park overnight there?");
                driver.findElement(By.id("answer")).sendKeys("Yes, overnight truck parking is available in the fenced "
                        + "yard.");
                driver.findElement(By.id("by")).sendKeys("dana@example.com");
                driver.findElement(By.id("send")).click();
                wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("sent")));
                assertThat(driver.getCurrentUrl()).endsWith("?sent=1");
                assertThat(driver.findElement(By.id("sent")).getText()).contains("Update on Commerce Twp");
            } finally {
                driver.quit();
            }
            f.settle();
            assertThat(f.sent()).contains("Update on Commerce Twp — yes, overnight truck parking is available in the "
                    + "fenced yard. Want to schedule a tour?");
            var message = f.parley.app.transactions.inTransaction(s -> s.conversations().findByKey("aircall",
                    EscalationFixture.BUYER).map(c -> s.messages().ofConversation(c.id()).getLast()).orElseThrow());
            assertThat(message.text()).startsWith("Update on Commerce Twp — yes, overnight truck parking");
        }
    }
}
