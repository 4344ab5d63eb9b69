/**
 * Convert RAI to SOFI (issue 11): the SofiConverter contract and the web's dialog. Nothing on the
 * server (no event is indexed, no endpoint): the module exists so the capability can be switched
 * off like any other (`CAPABILITIES_OFF=convert` hides the dialog).
 */
import { defineModule } from "./module.ts";

export const convertModule = defineModule({ name: "convert" });
