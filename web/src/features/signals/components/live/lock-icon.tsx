import { createIcon } from '@chakra-ui/react';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const LockIcon = createIcon({
  displayName: 'LockIcon',
  path: [<rect key="a" {...stroke} x="5" y="11" width="14" height="10" rx="2" />, <path key="b" {...stroke} d="M8 11V7a4 4 0 0 1 8 0v4" />],
});
