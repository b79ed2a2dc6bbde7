# workerd's configuration for the bundle in out/: the worker and, as a module of its own, the
# .wasm it imports (what wrangler uploads for a CompiledWasm import). The test sets the port.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:8787", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [
    (name = "worker.js", esModule = embed "out/worker.js"),
    (name = "tensorwise.wasm", wasm = embed "out/tensorwise.wasm"),
  ],
  compatibilityDate = "2025-11-01",
);
