/** Transaction tracking strings (namespace "transactions"). */
export default {
  en: {
    recent: "Recent transactions",
    clearAll: "Clear all",
    empty: "Your transactions will appear here.",
    pending: "Pending",
    succeeded: "Succeeded",
    failed: "Failed",
    noSummary: "Transaction {{hash}}",
    viewOnExplorer: "View on {{explorer}}",
    viewTxOnExplorer: "View transaction {{hash}} on {{explorer}}",
    list: "Transactions of the last 24 hours",
  },
  ko: {
    recent: "최근 거래",
    clearAll: "모두 지우기",
    empty: "거래 내역이 여기에 표시됩니다.",
    pending: "대기 중",
    succeeded: "성공",
    failed: "실패",
    noSummary: "거래 {{hash}}",
    viewOnExplorer: "{{explorer}}에서 보기",
    viewTxOnExplorer: "{{explorer}}에서 거래 {{hash}} 보기",
    list: "최근 24시간의 거래",
  },
};
