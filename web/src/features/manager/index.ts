// The manager page (spec 001 §2 /sts/manager/{address}), loaded lazily by the routes:
//   lazy(() => import("../features/manager/ManagerPage.tsx"))
export { MANAGER_TABLE_PAGE_SIZE } from "./PortfolioTable.tsx";
