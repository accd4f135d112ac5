import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../server/logger";
import { createPeriodicTask } from "../../server/periodic-task";

afterEach(() => {
  vi.useRealTimers();
});

describe("a periodic task", () => {
  it("runs at start and then on every turn, never two runs at once, and stop waits for the run in progress", async () => {
    vi.useFakeTimers();
    let runs = 0;
    let finish: () => void = () => {};
    const task = createPeriodicTask({
      name: "test task",
      intervalMs: 1_000,
      logger: createLogger("silent"),
      run: () => {
        runs++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    task.start();
    expect(runs).toBe(1);
    // The first run is still going: its turns pass without a second run.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);

    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(2);
  });

  it("logs a failed run and runs again on its next turn", async () => {
    vi.useFakeTimers();
    const logger = createLogger("silent");
    const logged = vi.spyOn(logger, "error");
    let runs = 0;
    const task = createPeriodicTask({
      name: "failing task",
      intervalMs: 1_000,
      logger,
      run: async () => {
        runs++;
        throw new Error("database is locked");
      },
    });
    task.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(logged).toHaveBeenCalledTimes(2);
    await task.stop();
  });
});
