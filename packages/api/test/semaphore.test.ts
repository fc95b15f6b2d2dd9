import { describe, expect, test } from "bun:test";
import { Semaphore } from "../src/semaphore";

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("Semaphore(1)", () => {
  test("one holder at a time; the waiters get their turn in the order they came", async () => {
    const gate = new Semaphore(1);
    const order: string[] = [];
    const releaseA = await gate.acquire();
    const b = gate.acquire().then((release) => {
      order.push("b");
      return release;
    });
    const c = gate.acquire().then((release) => {
      order.push("c");
      return release;
    });
    await settle();
    expect(order).toEqual([]);
    releaseA();
    const releaseB = await b;
    await settle();
    expect(order).toEqual(["b"]);
    releaseB();
    (await c)();
    expect(order).toEqual(["b", "c"]);
  });

  test("releasing twice frees one turn, not two", async () => {
    const gate = new Semaphore(1);
    const release = await gate.acquire();
    release();
    release();
    await gate.acquire();
    let third = false;
    void gate.acquire().then(() => {
      third = true;
    });
    await settle();
    expect(third).toBe(false);
  });

  test("a waiter whose signal aborts leaves the line with its reason; the next one gets the turn", async () => {
    const gate = new Semaphore(1);
    const release = await gate.acquire();
    const controller = new AbortController();
    const leaving = gate.acquire(controller.signal);
    let nextHasTurn = false;
    const next = gate.acquire().then((done) => {
      nextHasTurn = true;
      return done;
    });
    controller.abort(new Error("client went away"));
    await expect(leaving).rejects.toThrow("client went away");
    release();
    await next;
    expect(nextHasTurn).toBe(true);
  });

  test("an already aborted signal is refused at once, without taking the free turn", async () => {
    const gate = new Semaphore(1);
    const controller = new AbortController();
    controller.abort(new Error("gone"));
    await expect(gate.acquire(controller.signal)).rejects.toThrow("gone");
    const release = await gate.acquire();
    expect(typeof release).toBe("function");
  });
});
