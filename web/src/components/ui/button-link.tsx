import { Button, Link } from '@chakra-ui/react';
import type { ButtonProps, LinkProps } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { LinkProps as RouterLinkProps } from 'react-router';

type To = RouterLinkProps['to'];

/** A Chakra button that navigates inside the app. */
export function ButtonLink({ to, state, replace, children, ...props }: ButtonProps & { to: To; state?: unknown; replace?: boolean }) {
  return (
    <Button asChild {...props}>
      <RouterLink to={to} state={state} replace={replace}>
        {children}
      </RouterLink>
    </Button>
  );
}

/** A Chakra text link that navigates inside the app. */
export function TextLink({ to, state, children, ...props }: LinkProps & { to: To; state?: unknown }) {
  return (
    <Link asChild color="gold.fg" fontWeight="medium" _hover={{ color: 'gold.200', textDecoration: 'underline' }} {...props}>
      <RouterLink to={to} state={state}>
        {children}
      </RouterLink>
    </Link>
  );
}
