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
} as const;
