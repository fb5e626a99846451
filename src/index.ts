import { createApp } from "./app";
import type { Env } from "./env";

export { KeyGuard } from "./core/guard";

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
