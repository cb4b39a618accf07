package dev.parley.adapter.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.buyer.Phase;
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
 * The guarantee page once in a real headless browser (Debian's chromium and chromium-driver, as the Reply Tool's
 * browser test): open the link the buyer got by SMS, type the name, tick the consent, sign, and the address arrives
 * in the conversation.
 */
class SignupPageBrowserTest {
    @Test
    void aBuyerSignsOnTheMobilePageAndGetsTheAddress(@TempDir Path home) throws Exception {
        boolean installed = Files.isExecutable(ReplyToolBrowserTest.CHROMIUM)
                && Files.isExecutable(ReplyToolBrowserTest.DRIVER);
        if (System.getenv("CI") == null) {
            Assumptions.assumeTrue(installed, "chromium and chromium-driver are not installed (apt-get install "
                    + "chromium chromium-driver); .ci/run installs them");
        }
        assertThat(installed).as("chromium and chromedriver installed (.ci/run installs them)").isTrue();
        try (var f = new BuyerLineFixture(home)) {
            var link = f.toGuaranteeLink();
            var options = new ChromeOptions();
            options.setBinary(ReplyToolBrowserTest.CHROMIUM.toFile());
            options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                    "--window-size=390,844", "--user-data-dir=" + home.resolve("chromium-profile"));
            var service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(new File(ReplyToolBrowserTest.DRIVER.toString())).usingAnyFreePort().build();
            var driver = new ChromeDriver(service, options);
            try {
                driver.get(link);
                var wait = new WebDriverWait(driver, Duration.ofSeconds(30));
                wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("sign")));
                assertThat(driver.findElement(By.id("property")).getText()).isEqualTo("Commerce Twp Distribution Center");
                assertThat(driver.findElement(By.id("address-hidden")).getText()).contains("right after you sign");
                assertThat(driver.getPageSource()).doesNotContain("4200 Katy");
                assertThat(driver.findElement(By.id("name")).getAttribute("value")).isEqualTo("Sarah Chen");
                assertThat(driver.findElement(By.id("email")).getAttribute("value")).isEqualTo("sarah@acmecorp.com");
                var name = driver.findElement(By.id("name"));
                name.clear();
                name.sendKeys("Sarah J. Chen");
                driver.findElement(By.id("consent")).click();
                driver.findElement(By.id("sign")).click();
                wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("signed")));
                assertThat(driver.getCurrentUrl()).endsWith("?signed=1");
                assertThat(driver.findElement(By.id("address")).getText()).contains("4200 Katy Freeway");
            } finally {
                driver.quit();
            }
            f.settle();
            assertThat(f.phase()).isEqualTo(Phase.TOUR_SCHEDULING.stateName());
            var message = f.parley.app.transactions.inTransaction(s -> s.messages().ofConversation(f.conversation())
                    .getLast());
            assertThat(message.text()).startsWith("Done! The property is at 4200 Katy Freeway, Commerce Twp, MI 48390.");
            var engagement = f.parley.app.transactions.inTransaction(s -> s.engagements().ofConversation(
                    f.conversation()).getLast());
            assertThat(engagement.signedName()).isEqualTo("Sarah J. Chen");
        }
    }
}
