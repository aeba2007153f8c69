import { ROLES, ROOMS, type Role, type SignalAccess } from '@le/contracts';

/** The rooms a socket is in by its rights (its user and session rooms aside). */
export const rightsRooms = (rights: { role: Role; signalAccess?: SignalAccess }): string[] => {
  const access = rights.signalAccess ?? 'none';
  return [ROOMS.role(rights.role), ...(access === 'none' ? [] : [ROOMS.signals(access)])];
};

/** Every room a socket may be in by its rights: what a move leaves but for the new rights' own. */
export const RIGHTS_ROOMS: readonly string[] = [...ROLES.map((role) => ROOMS.role(role)), ROOMS.signals('full'), ROOMS.signals('levels')];

/** The rooms to leave and to join to hold exactly these rights. */
export const roomMove = (rights: { role: Role; signalAccess?: SignalAccess }): { leave: string[]; join: string[] } => {
  const join = rightsRooms(rights);
  return { leave: RIGHTS_ROOMS.filter((room) => !join.includes(room)), join };
};
