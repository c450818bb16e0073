// The engine in a Web Worker: the only file that knows Comlink.

import { expose } from "comlink";
import { engineApi } from "./engine_api.ts";

expose(engineApi, self);
