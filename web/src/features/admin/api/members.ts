import type { Duration, PublicUser, Role } from '@le/contracts';

import { api } from '@/lib/api-client';

export interface MemberFilters {
  q: string;
  role: Role | '';
  tier: string;
}

/** GET /admin/members?q=&role=&tier=: newest accounts first, a page at a time. */
export const getMembers = (filters: MemberFilters, options: { before?: string | null; signal?: AbortSignal } = {}) => {
  const query = new URLSearchParams();
  if (filters.q.trim()) query.set('q', filters.q.trim());
  if (filters.role) query.set('role', filters.role);
  if (filters.tier) query.set('tier', filters.tier);
  if (options.before) query.set('before', options.before);
  const search = query.toString();
  return api.get<{ members: PublicUser[]; nextCursor: string | null }>(`/admin/members${search ? `?${search}` : ''}`, { signal: options.signal });
};

export interface MemberChanges {
  role?: 'admin' | 'member' | 'trial';
  membershipTier?: string;
  duration?: Duration | null;
  membershipEnd?: string | null;
}

/** PATCH /admin/members/:id: the server keeps role, tier and dates coherent and says why it refuses. */
export const updateMember = (id: string, changes: MemberChanges) => api.patch<{ user: PublicUser }>(`/admin/members/${id}`, changes);
