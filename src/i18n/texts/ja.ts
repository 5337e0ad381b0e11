import type { ButtonMessages } from '../../core/types';

// Polite form (です・ます), as Japanese shops write to customers.
// As in en.ts: a file refused for its bytes (integrity) is said as a start that failed.
const couldNotStart = '決済を開始できませんでした。もう一度お試しください。';
const misconfigured = '決済の設定に誤りがあります。サイトの運営者にお問い合わせください。';

export const ja: ButtonMessages = {
  buttonLabel: 'カードで支払う',
  loading: '安全な決済を準備しています…',
  tryAgain: '再試行',
  secret_key: misconfigured,
  invalid_key: misconfigured,
  invalid_option: misconfigured,
  session_failed: couldNotStart,
  script_integrity_failed: couldNotStart,
};
