/** Tokens (always on): the chain's token list with USD prices, `GET /sofi/tokens`. */
import { tokensArea } from "../api/tokens.ts";
import { defineModule } from "./module.ts";

export const tokensModule = defineModule({ name: "tokens", areas: [tokensArea] });
