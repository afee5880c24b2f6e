import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { desktop, keepScreenshot, waitForHydration } from "./browser.ts";
import { useBrowserPage } from "./fixtures.ts";
import { sharedServer } from "./shared-server.ts";

const baseURL = sharedServer().baseURL;
const browser = useBrowserPage();
let context: BrowserContext;
let page: Page;

/** A signed-in browser context (the account is made through the API, the cookie set by it). */
async function signedIn(
  options: { reducedMotion?: "reduce" | "no-preference" } = {},
) {
  ({ context, page } = await browser.open(desktop, {
    locale: null,
    reducedMotion: options.reducedMotion ?? "reduce",
  }));
  const res = await context.request.post("/api/auth/register", {
    data: {
      name: "Shell Tester",
      email: `shell-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`,
      password: "long enough password",
    },
  });
  expect(res.status()).toBe(200);
  return page;
}

describe("app shell", () => {
  it("plays the start-up preloader on the manager app’s first load, then removes it", async () => {
    await signedIn({ reducedMotion: "no-preference" });
    // 0.2 s delay + 0.6 s fade in + 0.8 s hold + 0.5 s logo + 0.3 s fade out = 2.4 s: the page's
    // own timeline, read from the element the moment it is styled (the wall clock of a loaded
    // machine says nothing of it, and by the time a test step runs it may be gone already).
    await page.addInitScript(() => {
      const read = () => {
        const el = document.querySelector('[data-testid="preloader"]');
        if (!el || !el.isConnected) return;
        const style = getComputedStyle(el);
        const total =
          parseFloat(style.animationDelay) * 1000 +
          parseFloat(style.animationDuration) * 1000;
        if (Number.isFinite(total) && total > 0)
          (window as { preloaderTimeline?: number }).preloaderTimeline ??=
            total;
      };
      new MutationObserver(read).observe(document, {
        childList: true,
        subtree: true,
      });
      document.addEventListener("DOMContentLoaded", read);
    });
    const started = Date.now();
    await page.goto("/dashboard", { waitUntil: "commit" });
    // Seen by the init script (which keeps its timeline): on a loaded machine it may be gone
    // before a test step could look for it.
    const timeline = await page
      .waitForFunction(
        () => (window as { preloaderTimeline?: number }).preloaderTimeline,
      )
      .then((handle) => handle.jsonValue());
    expect(timeline).toBe(2400);
    await page.waitForTimeout(1000);
    await keepScreenshot(page, "preloader");
    await page.waitForSelector('[data-testid="preloader"]', {
      state: "detached",
      timeout: 15_000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2300);
    // A client-side navigation within the app does not play it again.
    await page.getByRole("link", { name: "Statistics" }).first().click();
    await page.waitForURL("**/statistics");
    expect(await page.locator('[data-testid="preloader"]').count()).toBe(0);
    // A hard load later in the same browser session does not play it again.
    await page.reload({ waitUntil: "commit" });
    await page.waitForSelector("main", { state: "attached" });
    expect(await page.locator('[data-testid="preloader"]').count()).toBe(0);
    await page.goto("/dashboard");
    expect(await page.locator('[data-testid="preloader"]').count()).toBe(0);
  });

  it("never blocks input while the preloader plays: a click goes through and ends it", async () => {
    // What the click met is recorded in the page as it happens, so the proof does not depend on
    // how fast this machine gets to the click: a run where the animation ended before the click
    // proves nothing and is tried again in a fresh session.
    let atClick: { preloader: boolean; onPreloader: boolean } | null = null;
    for (let attempt = 0; attempt < 4 && !atClick?.preloader; attempt++) {
      await signedIn({ reducedMotion: "no-preference" });
      await page.addInitScript(() => {
        // In the tab's session storage: a click before hydration navigates as a new document.
        window.addEventListener(
          "pointerdown",
          (event) => {
            if (sessionStorage.getItem("atClick")) return;
            const target =
              event.target instanceof Element ? event.target : null;
            sessionStorage.setItem(
              "atClick",
              JSON.stringify({
                preloader:
                  document.querySelector('[data-testid="preloader"]') !== null,
                onPreloader:
                  target?.closest('[data-testid="preloader"]') != null,
              }),
            );
          },
          { capture: true, once: true },
        );
      });
      await page.goto("/dashboard", { waitUntil: "commit" });
      // On a loaded machine the animation (2.4 s) may be over before it is looked for: try again.
      const seen = await page
        .waitForSelector('[data-testid="preloader"]', {
          state: "attached",
          timeout: 10_000,
        })
        .then(() => true, () => false);
      if (!seen) continue;
      await page
        .getByRole("navigation")
        .getByRole("link", { name: "Statistics" })
        .first()
        .click();
      await page.waitForURL("**/statistics");
      atClick = await page.evaluate(
        () =>
          JSON.parse(sessionStorage.getItem("atClick") ?? "null") as {
            preloader: boolean;
            onPreloader: boolean;
          } | null,
      );
    }
    // The preloader was on screen, and the link under it took the click.
    expect(atClick).toEqual({ preloader: true, onPreloader: false });
    await page.waitForSelector("main", { state: "attached" });
    expect(await page.locator('[data-testid="preloader"]').count()).toBe(0);
  });

  it("keeps visitors of the guest pages free of the preloader", async () => {
    ({ page } = await browser.open(desktop, {
      locale: null,
      reducedMotion: null,
    }));
    await page.goto("/auth/login");
    expect(await page.locator('[data-testid="preloader"]').count()).toBe(0);
  });

  it("applies the saved colour mode before the first paint, without waiting for scripts", async () => {
    await signedIn();
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("radio", { name: "Dark" }).check({ force: true });
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.documentElement.classList.contains("dark"),
        ),
      )
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("color-mode"))).toBe(
      "dark",
    );
    await keepScreenshot(page, "dashboard-dark");

    // With the app's scripts blocked, only the inline head script can have set the class.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    expect(
      await page.evaluate(() =>
        document.documentElement.classList.contains("dark"),
      ),
    ).toBe(true);
    await page.unroute("**/assets/*.js");

    await page.reload();
    await waitForHydration(page);
    await page.getByRole("radio", { name: "Light" }).check({ force: true });
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.documentElement.classList.contains("dark"),
        ),
      )
      .toBe(false);
  });

  it('follows the system setting while the preference is "system"', async () => {
    await signedIn();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/dashboard");
    expect(
      await page.evaluate(() =>
        document.documentElement.classList.contains("dark"),
      ),
    ).toBe(true);
    await page.emulateMedia({ colorScheme: "light" });
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.documentElement.classList.contains("dark"),
        ),
      )
      .toBe(false);
  });

  it("shows the loading overlay while a slow navigation loads", async () => {
    await signedIn();
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.route("**/*.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page
      .getByRole("navigation")
      .getByRole("link", { name: "Branding" })
      .click();
    const overlay = page.getByTestId("loading-overlay");
    await overlay.waitFor({ state: "visible" });
    expect(await overlay.textContent()).toContain("Loading...");
    await keepScreenshot(page, "loading-overlay");
    await page.waitForURL("**/branding");
    await overlay.waitFor({ state: "hidden" });
  });

  it("pauses a toast’s countdown while it is hovered", async () => {
    await signedIn();
    await page.goto("/dashboard");
    // A revoked session is the shell's own way to raise a toast.
    const token = (await context.cookies()).find(
      (c) => c.name === "token",
    )!.value;
    await fetch(`${baseURL}/api/auth/logout`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    await waitForHydration(page);
    await page.getByTestId("language-switcher").selectOption("fr");
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    const bar = page.getByTestId("toast-progress");
    expect(
      await bar.evaluate((el) => getComputedStyle(el).animationPlayState),
    ).toBe("running");
    await toast.hover();
    expect(
      await bar.evaluate((el) => getComputedStyle(el).animationPlayState),
    ).toBe("paused");
    await page.mouse.move(900, 100);
    expect(
      await bar.evaluate((el) => getComputedStyle(el).animationPlayState),
    ).toBe("running");
    await toast.getByRole("button", { name: "Close" }).click();
    await toast.waitFor({ state: "detached" });
  });
});
