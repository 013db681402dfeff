import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { SEPARATOR_WIDTH, type Layout } from '../layout.js';
import { G } from '../glyphs.js';

/** The list and the detail + quote column: side by side when wide, stacked otherwise. */
export interface BodyProps {
  layout: Layout;
  list: ReactNode;
  detail: ReactNode;
  quote: ReactNode;
  /** Side by side: the recent-changes pane under the quote form (drawn when layout.changesHeight > 0). */
  changes?: ReactNode;
  /** Stacked: the one-line changes ticker between the list and the detail (when layout.tickerHeight > 0). */
  ticker?: ReactNode;
}

export function Body({ layout, list, detail, quote, changes, ticker }: BodyProps) {
  const h = layout.bodyHeight;
  if (layout.wide) {
    return (
      <Box flexDirection="row" width={layout.columns} height={h} overflowY="hidden">
        {list}
        <Box width={SEPARATOR_WIDTH} height={h} overflowY="hidden" flexDirection="column">
          <Text dimColor>{Array.from({ length: h }, () => ` ${G.bar} `).join('\n')}</Text>
        </Box>
        <Box flexDirection="column" width={layout.sideWidth} height={h} overflowY="hidden">
          {detail}
          <Box height={1} />
          {quote}
          {changes && layout.changesHeight > 0 ? (
            <>
              <Box height={1} />
              {changes}
            </>
          ) : null}
        </Box>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={layout.columns} height={h} overflowY="hidden">
      {list}
      {ticker && layout.tickerHeight > 0 ? ticker : null}
      <Box width={layout.columns} height={layout.detailHeight} overflowY="hidden" flexDirection="column">
        {detail}
      </Box>
      {quote}
    </Box>
  );
}
