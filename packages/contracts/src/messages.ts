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
  // Profile photos (spec §5, §8)
  invalidImageFile: 'Please select a valid image file.',
  imageReadFailed: 'Failed to read the image file.',
  cropperNotReady: 'Cropper is not ready. Please try again.',
  cropEmptyBlob: 'Failed to crop the image. Empty blob.',
  uploadFailed: 'Failed to upload image.',
  updateProfileFailed: 'Failed to update profile.',
  imageUploaded: 'Image successfully uploaded and updated!',
  profileUpdated: 'Profile updated successfully!',
  // Membership dashboard (spec §2, §4)
  paymentPending: 'Waiting for Admin Validation',
  paymentRejected: 'Payment Rejected',
  upgradeMember: 'Upgrade Member',
  resendPayment: 'Kirim Ulang Pembayaran',
  // Chat (spec §2, §4, §6, §8)
  chatGuestNotice: 'Login untuk mengirim pesan. Anda hanya bisa melihat pesan dari member.',
  chatTrialNotice: 'Akun trial hanya bisa melihat pesan dari member.',
  chatRegisterNotice: 'Register as a member to post comments!',
  chatHiddenMessage: 'Pesan ini disembunyikan',
  chatNoHistoryWithAdmin: 'No chat history with admin.',
  chatSelectConversation: 'Select a chat from the list to start the conversation.',
  chatListTitle: 'LE Chat',
  chatEditFailed: 'Gagal edit pesan.',
  chatSendFailed: 'Gagal kirim pesan.',
  chatLiveTitle: 'Live Chat',
  /** Not in the spec: an expired member is told why posting is closed (links to /payment-membership). */
  chatExpiredNotice: 'Your membership has expired. Renew it to post in the chat.',
} as const;

/** Spec §8 realtime messages: the reasons a socket connection ends, as the user reads them. */
export const REALTIME_TEXT = {
  serverError: 'server error',
  pingTimeout: 'ping timeout',
  transportClose: 'transport close',
  timeout: 'timeout',
  operationTimedOut: 'operation has timed out',
  disconnected: 'socket has been disconnected',
} as const;
