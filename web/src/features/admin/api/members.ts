import type { MemberPatchBody, MembersResponse, PublicUser, Role } from '@le/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/paged-list';
import { adminKeys } from './keys';

export interface MemberFilters {
  q: string;
  role: Role | '';
  tier: string;
}

export type MemberPage = MembersResponse;

/** GET /admin/members?q=&role=&tier=: newest accounts first, a page at a time. */
export const getMembers = (filters: MemberFilters, options: { before?: string | null; signal?: AbortSignal } = {}) => {
  const query = new URLSearchParams();
  if (filters.q.trim()) query.set('q', filters.q.trim());
  if (filters.role) query.set('role', filters.role);
  if (filters.tier) query.set('tier', filters.tier);
  if (options.before) query.set('before', options.before);
  const search = query.toString();
  return api.get<MemberPage>(`/admin/members${search ? `?${search}` : ''}`, { signal: options.signal });
};

/** The members matching the filters, a page at a time (one list per filter set). */
export const useAdminMembers = (filters: MemberFilters) =>
  useInfiniteQuery({
    queryKey: adminKeys.memberList(filters),
    queryFn: ({ pageParam, signal }) => getMembers(filters, { before: pageParam, signal }),
    ...cursorPaging,
  });

export type MemberChanges = MemberPatchBody;

/** PATCH /admin/members/:id: the server keeps role, tier and dates coherent and says why it refuses. */
export const updateMember = (id: string, changes: MemberChanges) => api.patch<{ user: PublicUser }>(`/admin/members/${id}`, changes);
