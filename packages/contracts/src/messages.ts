/** Exact UI and API strings. UI strings come from the spec; keep them byte for byte. */
export const UI_TEXT = {
  logoutFailedAlert: 'Logout gagal. Silakan coba lagi.',
  logoutFailedFallback: 'Logout failed',
  missingToken: 'Authentication is required. Please re-login.',
  emailEmpty: 'Email tidak boleh kosong.',
  resetFailed: 'Failed to reset password.',
  resendFailed: 'Failed to resend code.',
  genericError: 'An error occurred.',
  liveGate: 'You need to become a member first to access the Live Chart.',
  historyEmpty: 'There is no history data yet.',
  historyLoadFailed: 'Gagal memuat data',
  loadingDashboard: 'Loading dashboard...',
  unknownDate: 'Tidak diketahui',
} as const;
