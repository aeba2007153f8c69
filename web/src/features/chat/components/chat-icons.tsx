import { createIcon } from '@chakra-ui/react';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export const ReplyIcon = createIcon({ displayName: 'ReplyIcon', path: <path {...stroke} d="M9 14L4 9l5-5M4 9h10a6 6 0 0 1 6 6v4" /> });
export const EditIcon = createIcon({
  displayName: 'EditIcon',
  path: <path {...stroke} d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" />,
});
export const TrashIcon = createIcon({ displayName: 'TrashIcon', path: <path {...stroke} d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" /> });
export const EyeOffIcon = createIcon({
  displayName: 'EyeOffIcon',
  path: <path {...stroke} d="M3 3l18 18M10.6 6.1A9.8 9.8 0 0 1 12 6c5 0 9 6 9 6a16 16 0 0 1-2.6 3.2M6.6 6.6C4.3 8.1 3 12 3 12s4 6 9 6a8.9 8.9 0 0 0 4.4-1.2M9.9 9.9a3 3 0 0 0 4.2 4.2" />,
});
export const EyeIcon = createIcon({
  displayName: 'EyeIcon',
  path: [<path key="a" {...stroke} d="M3 12s4-6 9-6 9 6 9 6-4 6-9 6-9-6-9-6z" />, <circle key="b" {...stroke} cx="12" cy="12" r="3" />],
});
export const SendIcon = createIcon({ displayName: 'SendIcon', path: <path {...stroke} d="M4 12l16-8-6 16-2-7z" /> });
export const BackIcon = createIcon({ displayName: 'BackIcon', path: <path {...stroke} d="M15 6l-6 6 6 6" /> });
export const GlobeIcon = createIcon({
  displayName: 'GlobeIcon',
  path: [<circle key="a" {...stroke} cx="12" cy="12" r="9" />, <path key="b" {...stroke} d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9S14.5 18.5 12 21c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />],
});
