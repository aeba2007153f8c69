import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Safe headers and a CSP. The chart widget (TradingView) and the public IP lookup are the only
 * third parties; styles may be inline because Chakra UI injects them at run time.
 */
export default fp<{ production: boolean }>(
  async (app, { production }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://s3.tradingview.com'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // 'self' covers the same-origin ws:/wss: of Socket.IO.
          connectSrc: ["'self'", 'https://api.ipify.org'],
          frameSrc: ['https://s.tradingview.com', 'https://www.tradingview-widget.com', 'https://www.tradingview.com'],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      // Sent below, and only over HTTPS: over plain HTTP it means nothing, and a proxy in front
      // that terminates TLS says so in X-Forwarded-Proto (trusted per TRUST_PROXY).
      hsts: false,
      // Tokens never ride in URLs, but keep the full path away from third parties all the same.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
      // API answers carry tokens and personal data: no cache keeps them (contract §10). A route
      // that knows better (public files, cached for a year) sets its own.
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security' },
);
