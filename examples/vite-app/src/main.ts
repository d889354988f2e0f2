// The browser page: shows what the app reads from its bundled skills.
import { summary } from "./app";

const out = document.getElementById("result")!;
summary().then(
  (s) => (out.textContent = JSON.stringify(s, null, 2)),
  (e: Error) => (out.textContent = `error: ${e.message}`),
);
