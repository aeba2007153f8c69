import { RESERVED_NAME_MESSAGE } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { NAME_CHARACTERS_MESSAGE, nameCharactersError, reservedNameError } from './name-rules';

describe('name rules before sending (contract §10)', () => {
  it('accepts ordinary names in any script, and leaves the empty one to the form', () => {
    expect(nameCharactersError('Rina Wijaya')).toBeNull();
    expect(nameCharactersError('Zoë Núñez 李雷')).toBeNull();
    expect(nameCharactersError('')).toBeNull();
  });

  it('refuses line breaks, control characters and bidi overrides', () => {
    expect(nameCharactersError('Rina\nWijaya')).toBe(NAME_CHARACTERS_MESSAGE);
    expect(nameCharactersError('Rina\u0007')).toBe(NAME_CHARACTERS_MESSAGE);
    expect(nameCharactersError('Rina \u202egnp.exe')).toBe(NAME_CHARACTERS_MESSAGE);
    expect(nameCharactersError('Rina\u2066x\u2069')).toBe(NAME_CHARACTERS_MESSAGE);
    expect(nameCharactersError('   ')).toBe(NAME_CHARACTERS_MESSAGE);
  });

  it('refuses the team words to members and guests, never to an admin', () => {
    expect(reservedNameError('Admin Lukis', 'member')).toBe(RESERVED_NAME_MESSAGE);
    expect(reservedNameError('support_team', 'trial')).toBe(RESERVED_NAME_MESSAGE);
    expect(reservedNameError('lukis.emas', 'guest')).toBe(RESERVED_NAME_MESSAGE);
    expect(reservedNameError('anything_admin', null)).toBe(RESERVED_NAME_MESSAGE);
    expect(reservedNameError('Admin Lukis', 'admin')).toBeNull();
    expect(reservedNameError('Rina Wijaya', 'member')).toBeNull();
  });
});
