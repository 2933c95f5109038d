import { describe, expect, it, vi } from "vitest";
import { createPwa } from "./pwa.ts";

/** Minimal stand-ins for the service-worker objects (this unit test only). */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = "installing";
  postMessage = vi.fn();
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  update = vi.fn(async () => undefined);
  arrive(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event("updatefound"));
  }
}

function setup({ controlled = true, waiting = false } = {}) {
  const registration = new FakeRegistration();
  if (waiting) registration.waiting = new FakeWorker();
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? {} : null,
    register: vi.fn(async () => registration),
  });
  const win = Object.assign(new EventTarget(), {
    setInterval: vi.fn(() => 1),
    location: { reload: vi.fn() },
  });
  const log = { info: vi.fn(), warn: vi.fn() };
  const pwa = createPwa({
    window: win as never,
    serviceWorker: container as unknown as ServiceWorkerContainer,
    log,
  });
  return { pwa, registration, container, win, log };
}

describe("pwa", () => {
  it("registers /app/sw.js for /app/", async () => {
    const { pwa, container } = setup();
    await pwa.start("/app/sw.js", "/app/");
    expect(container.register).toHaveBeenCalledWith("/app/sw.js", { scope: "/app/" });
  });

  it("offers an update when a new version finished installing", async () => {
    const { pwa, registration } = setup();
    await pwa.start("/app/sw.js", "/app/");
    const worker = new FakeWorker();
    registration.arrive(worker);
    expect(pwa.getState().updateReady).toBe(false);
    worker.become("installed");
    expect(pwa.getState().updateReady).toBe(true);

    pwa.applyUpdate();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: "SKIP_WAITING" });
  });

  it("offers a version that was already waiting", async () => {
    const { pwa } = setup({ waiting: true });
    await pwa.start("/app/sw.js", "/app/");
    expect(pwa.getState().updateReady).toBe(true);
  });

  it("offers nothing on the first install (no page controlled yet)", async () => {
    const { pwa, registration } = setup({ controlled: false });
    await pwa.start("/app/sw.js", "/app/");
    const worker = new FakeWorker();
    registration.arrive(worker);
    worker.become("installed");
    expect(pwa.getState().updateReady).toBe(false);
  });

  it("reloads exactly once when the new version takes over", async () => {
    const { pwa, container, win } = setup({ waiting: true });
    await pwa.start("/app/sw.js", "/app/");
    pwa.applyUpdate();
    container.dispatchEvent(new Event("controllerchange"));
    container.dispatchEvent(new Event("controllerchange"));
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it("'later' closes the offer", async () => {
    const { pwa } = setup({ waiting: true });
    await pwa.start("/app/sw.js", "/app/");
    const listener = vi.fn();
    pwa.subscribe(listener);
    pwa.dismissUpdate();
    expect(pwa.getState().updateReady).toBe(false);
    expect(listener).toHaveBeenCalled();
  });

  it("can install only after the browser offered it, and logs the outcome", async () => {
    const { pwa, win, log } = setup();
    await pwa.start("/app/sw.js", "/app/");
    expect(pwa.getState().installable).toBe(false);

    const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: "accepted" as const, platform: "web" }),
    });
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(pwa.getState().installable).toBe(true);

    await pwa.install();
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith("[pwa] install prompt: accepted");
    expect(pwa.getState().installable).toBe(false);
  });

  it("only logs a failed registration", async () => {
    const { pwa, container, log } = setup();
    container.register.mockRejectedValueOnce(new Error("no"));
    await pwa.start("/app/sw.js", "/app/");
    expect(log.warn).toHaveBeenCalledWith("[pwa] service worker registration failed", expect.any(Error));
  });
});
