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
    summary: {
      swap: "Swap {{amountIn}} {{symbolIn}} for {{amountOut}} {{symbolOut}}",
      approve: "Approve {{symbol}}",
      wrap: "Wrap {{amount}} {{from}} to {{to}}",
      unwrap: "Unwrap {{amount}} {{from}} to {{to}}",
    },
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
    summary: {
      swap: "{{amountIn}} {{symbolIn}}을(를) {{amountOut}} {{symbolOut}}(으)로 스왑",
      approve: "{{symbol}} 승인",
      wrap: "{{amount}} {{from}}을(를) {{to}}(으)로 래핑",
      unwrap: "{{amount}} {{from}}을(를) {{to}}(으)로 언래핑",
    },
  },
};
