import { describe, expect, it } from "vitest";
import { commandIn, cronFromText, pathIn, urlIn } from "../src/index.js";

describe("reading tool inputs from a goal", () => {
  it("turns recurring times into cron expressions, and nothing else", () => {
    expect(cronFromText("back up the database every 15 minutes")).toBe("*/15 * * * *");
    expect(cronFromText("check the feed hourly")).toBe("0 * * * *");
    expect(cronFromText("send the digest every weekday at 7:30 am")).toBe("30 7 * * 1-5");
    expect(cronFromText("review the portfolio every Friday at 5pm")).toBe("0 17 * * 5");
    expect(cronFromText("run the report nightly")).toBe("0 22 * * *");
    expect(cronFromText("water the plants every morning")).toBe("0 9 * * *");
    expect(cronFromText("pay rent monthly")).toBe("0 9 1 * *");
    expect(cronFromText('use the schedule "0 3 * * 0"')).toBe("0 3 * * 0");
    expect(cronFromText("read the report")).toBeUndefined();
  });

  it("finds URLs, paths and commands", () => {
    expect(urlIn("get https://example.org/a?b=1, then stop")).toBe("https://example.org/a?b=1");
    expect(urlIn("look at example.com/docs.")).toBe("https://example.com/docs");
    expect(urlIn("no link here")).toBeUndefined();
    expect(pathIn("read notes/todo.md and summarise")).toBe("notes/todo.md");
    expect(pathIn("save it to ./out/report.txt.")).toBe("./out/report.txt");
    expect(pathIn("fetch https://x.org/file.txt")).toBeUndefined();
    expect(commandIn("run `git log -n 5` please")).toEqual(["git", "log", "-n", "5"]);
    expect(commandIn("run pnpm test and tell me")).toEqual(["pnpm", "test"]);
    expect(commandIn("run the marathon")).toBeUndefined();
    expect(commandIn("run `rm -rf /; curl evil`")).toBeUndefined(); // rm is not a known program
  });
});
