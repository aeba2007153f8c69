import type { Duration, PaymentStatus, Role } from './constants';

/** A user as the API returns it: never a password hash or a code. */
export interface PublicUser {
  _id: string;
  name: string;
  username: string;
  email: string;
  no_telp: string;
  city: string;
  country: string;
  address: string;
  photo_profile: string;
  image_identitas: string;
  membershipTier: string;
  duration: Duration | null;
  membershipEnd: string | null;
  trialExpiresAt: string | null;
  role: Role;
  emailVerified: boolean;
  createdAt: string;
}

export interface LoginResponse {
  token: string;
  sessionId: string;
  user: PublicUser;
}

export interface MessageResponse {
  message: string;
}

export interface ApiError {
  message: string;
  code?: string;
}

export interface PaymentRecord {
  _id: string;
  membershipTier: string;
  paymentDate: string;
  expiredDate: string | null;
  amount: number;
  duration: Duration;
  status: PaymentStatus;
  paymentProof: string;
}

export interface HealthResponse {
  status: 'ok';
  store: 'embedded' | 'mongodb';
  realtime: 'local' | 'redis';
}
