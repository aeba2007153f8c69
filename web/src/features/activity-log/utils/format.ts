import { formatDateTime } from '@/lib/dates';

/** DD/MM/YYYY HH:mm, 24-hour, like every time in the app (lib/dates); "Tidak diketahui" when unknown. */
export const formatLogTime = formatDateTime;
