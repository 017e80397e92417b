import {
  titleBarBackgrounds,
  titleBarPositions,
  type TitleBarBackground,
  type TitleBarPosition,
} from '../../../../common/src/theme/variables.ts';
import { useBootstrap } from '../../lib/bootstrap.ts';

export interface TitleBarMode {
  position: TitleBarPosition;
  background: TitleBarBackground;
}

/** Reads a `titleBar.mode` setting such as `sticky transparent`; null when it is not one. */
export function parseTitleBarMode(value: unknown): TitleBarMode | null {
  if (typeof value !== 'string') return null;
  const [position, background] = value.trim().split(/\s+/);
  const isPosition = (titleBarPositions as readonly string[]).includes(position ?? '');
  const isBackground = (titleBarBackgrounds as readonly string[]).includes(background ?? '');
  return isPosition && isBackground
    ? { position: position as TitleBarPosition, background: background as TitleBarBackground }
    : null;
}

/**
 * The title bar's mode (spec 000 §2): sticky or static, solid or transparent. The site setting
 * `titleBar.mode` wins over the theme's `titleBar.position` and `titleBar.background`.
 */
export function useTitleBarMode(): TitleBarMode {
  const { config, theme } = useBootstrap();
  return (
    parseTitleBarMode(config['titleBar.mode']) ?? {
      position: theme.titleBar.position,
      background: theme.titleBar.background,
    }
  );
}
