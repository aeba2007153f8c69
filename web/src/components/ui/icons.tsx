import { createIcon } from '@chakra-ui/react';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const MenuIcon = createIcon({ displayName: 'MenuIcon', path: <path {...stroke} d="M4 6h16M4 12h16M4 18h16" /> });
export const CloseIcon = createIcon({ displayName: 'CloseIcon', path: <path {...stroke} d="M6 6l12 12M18 6L6 18" /> });
export const CheckIcon = createIcon({ displayName: 'CheckIcon', path: <path {...stroke} d="M5 12.5l4.5 4.5L19 7.5" /> });
export const XMarkIcon = createIcon({ displayName: 'XMarkIcon', path: <path {...stroke} d="M8 8l8 8M16 8l-8 8" /> });
export const ChevronDownIcon = createIcon({ displayName: 'ChevronDownIcon', path: <path {...stroke} d="M6 9l6 6 6-6" /> });
export const ArrowRightIcon = createIcon({ displayName: 'ArrowRightIcon', path: <path {...stroke} d="M5 12h14M13 6l6 6-6 6" /> });
export const UserIcon = createIcon({
  displayName: 'UserIcon',
  path: [<circle key="c" {...stroke} cx="12" cy="8" r="4" />, <path key="p" {...stroke} d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" />],
});
export const MessageIcon = createIcon({ displayName: 'MessageIcon', path: <path {...stroke} d="M4 5h16v11H9l-5 4z" /> });
export const HistoryIcon = createIcon({
  displayName: 'HistoryIcon',
  path: [<path key="a" {...stroke} d="M3 12a9 9 0 1 0 3-6.7L3 8" />, <path key="b" {...stroke} d="M3 3v5h5M12 7v5l3 3" />],
});
export const UsersIcon = createIcon({
  displayName: 'UsersIcon',
  path: [
    <circle key="a" {...stroke} cx="9" cy="8" r="3.5" />,
    <path key="b" {...stroke} d="M2.5 20c1-3.5 3.5-5.5 6.5-5.5s5.5 2 6.5 5.5M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5c2 .7 3.2 2.6 3.7 5.5" />,
  ],
});
export const LogOutIcon = createIcon({ displayName: 'LogOutIcon', path: <path {...stroke} d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" /> });
export const PulseIcon = createIcon({ displayName: 'PulseIcon', path: <path {...stroke} d="M3 12h4l2-6 4 12 2-6h6" /> });
export const DevicesIcon = createIcon({
  displayName: 'DevicesIcon',
  path: [<rect key="a" {...stroke} x="2" y="4" width="14" height="10" rx="1.5" />, <path key="b" {...stroke} d="M6 18h6M18 8h3v12h-5v-4" />],
});
export const ShieldIcon = createIcon({
  displayName: 'ShieldIcon',
  path: [<path key="a" {...stroke} d="M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z" />, <path key="b" {...stroke} d="M8.5 12l2.5 2.5 4.5-5" />],
});
export const ChipIcon = createIcon({
  displayName: 'ChipIcon',
  path: [
    <rect key="a" {...stroke} x="6" y="6" width="12" height="12" rx="2" />,
    <path key="b" {...stroke} d="M10 10h4v4h-4zM9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4" />,
  ],
});
export const ClockIcon = createIcon({
  displayName: 'ClockIcon',
  path: [<circle key="a" {...stroke} cx="12" cy="12" r="9" />, <path key="b" {...stroke} d="M12 7v5l3 2" />],
});
