// The manager page (spec 001 §2 /sts/manager/{address}) of the people capability.

export { feature } from "./feature.ts";
export { MANAGER_TABLE_PAGE_SIZE } from "./PortfolioTable.tsx";
