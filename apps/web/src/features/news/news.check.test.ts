import { beforeEach, describe, expect, it, vi } from "vitest";
import { checkNews, newsCheckedKey, today } from "./news.check.ts";

const item = { id: 1, bezeichnung: "Neu", aktiv: true, restrictions: [], editor: "<p>x</p>" };

function setup(account: { id: number; newsread: boolean }, newsCount: number) {
  const loadAccount = vi.fn(async () => account);
  const loadNews = vi.fn(async () => ({
    newsread: account.newsread,
    news: Array.from({ length: newsCount }, (_, index) => ({ ...item, id: index + 1 })),
  }));
  return { storage: window.localStorage, loadAccount, loadNews };
}

describe("news check (once per day)", () => {
  beforeEach(() => window.localStorage.clear());

  it("opens the popup when news exist and are unread, and remembers the day", async () => {
    const deps = setup({ id: 7, newsread: false }, 2);
    expect(await checkNews({ ...deps, today: "2026-03-02" })).toBe(true);
    expect(window.localStorage.getItem(newsCheckedKey(7))).toBe("2026-03-02");
  });

  it("opens it only once on the same day, without loading the news again", async () => {
    const deps = setup({ id: 7, newsread: false }, 2);
    expect(await checkNews({ ...deps, today: "2026-03-02" })).toBe(true);
    expect(await checkNews({ ...deps, today: "2026-03-02" })).toBe(false);
    expect(deps.loadNews).toHaveBeenCalledTimes(1);
  });

  it("opens it again the next day", async () => {
    const deps = setup({ id: 7, newsread: false }, 1);
    await checkNews({ ...deps, today: "2026-03-02" });
    expect(await checkNews({ ...deps, today: "2026-03-03" })).toBe(true);
  });

  it("stays closed when the user ticked 'do not show anymore'", async () => {
    const deps = setup({ id: 7, newsread: true }, 3);
    expect(await checkNews({ ...deps, today: "2026-03-02" })).toBe(false);
    expect(window.localStorage.getItem(newsCheckedKey(7))).toBeNull();
  });

  it("stays closed without news, and checks again later that day", async () => {
    const deps = setup({ id: 7, newsread: false }, 0);
    expect(await checkNews({ ...deps, today: "2026-03-02" })).toBe(false);
    expect(window.localStorage.getItem(newsCheckedKey(7))).toBeNull();
    expect(await checkNews({ ...deps, today: "2026-03-02" })).toBe(false);
    expect(deps.loadNews).toHaveBeenCalledTimes(2);
  });

  it("counts the day per user", async () => {
    await checkNews({ ...setup({ id: 7, newsread: false }, 1), today: "2026-03-02" });
    expect(await checkNews({ ...setup({ id: 8, newsread: false }, 1), today: "2026-03-02" })).toBe(true);
  });
});

describe("today", () => {
  it("is the date in Vienna", () => {
    // 23:30 UTC on 1 March is already 2 March in Vienna (UTC+1).
    expect(today(new Date("2026-03-01T23:30:00Z"))).toBe("2026-03-02");
    expect(today(new Date("2026-03-01T22:30:00Z"))).toBe("2026-03-01");
    // Summer time (UTC+2).
    expect(today(new Date("2026-07-01T22:30:00Z"))).toBe("2026-07-02");
  });
});
