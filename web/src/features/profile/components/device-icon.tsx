import { createIcon } from '@chakra-ui/react';

import type { DeviceKind } from '@/features/profile/utils/user-agent';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const PhoneIcon = createIcon({
  displayName: 'PhoneIcon',
  path: [<rect key="a" {...stroke} x="7" y="2.5" width="10" height="19" rx="2" />, <path key="b" {...stroke} d="M11 18h2" />],
});
const TabletIcon = createIcon({
  displayName: 'TabletIcon',
  path: [<rect key="a" {...stroke} x="4.5" y="2.5" width="15" height="19" rx="2" />, <path key="b" {...stroke} d="M11 18h2" />],
});
const ComputerIcon = createIcon({
  displayName: 'ComputerIcon',
  path: [<rect key="a" {...stroke} x="3" y="4" width="18" height="12" rx="1.5" />, <path key="b" {...stroke} d="M8 20h8M12 16v4" />],
});
const UnknownDeviceIcon = createIcon({
  displayName: 'UnknownDeviceIcon',
  path: [<circle key="a" {...stroke} cx="12" cy="12" r="9" />, <path key="b" {...stroke} d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.3M12 17h.01" />],
});

const ICONS = { phone: PhoneIcon, tablet: TabletIcon, computer: ComputerIcon, unknown: UnknownDeviceIcon } as const;

/** A phone, a tablet, a computer or a question mark, for one row of the signed-in devices. */
export function DeviceIcon({ kind }: { kind: DeviceKind }) {
  const Icon = ICONS[kind];
  return <Icon boxSize="5" aria-hidden />;
}
