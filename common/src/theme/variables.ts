import { deviceBreakpoints, layoutSizes, overlayLimits } from '../constants.ts';

/** Title bar position modes (spec 000 §2): sticky follows the scroll, static scrolls away. */
export const titleBarPositions = ['sticky', 'static'] as const;
/** Title bar background modes (spec 000 §2): solid, or transparent over the page's banner. */
export const titleBarBackgrounds = ['solid', 'transparent'] as const;

export type TitleBarPosition = (typeof titleBarPositions)[number];
export type TitleBarBackground = (typeof titleBarBackgrounds)[number];

/**
 * The default theme variables: colours, fonts, sizes, the title bar and the layout constants of
 * spec 001 §9. A theme's `assets.variables` is merged over these by `resolveTheme()`; numbers are
 * CSS pixels unless the key is unitless (see `toCssVars()`).
 */
export const themeDefaults = {
  global: {
    mainColors: {
      primary: '#b93d12',
      primaryContrast: '#ffffff',
      secondary: '#8a3210',
      fg: '#1f2328',
      bg: '#ffffff',
    },
    body: {
      bg: '#f7f5f2',
    },
    textColors: {
      muted: '#5c6370',
      link: '#a8380f',
    },
    statusColors: {
      error: '#b42318',
      errorBg: '#fdecea',
      success: '#1e7a3c',
      successBg: '#e8f5ec',
      warning: '#8a5a00',
      warningBg: '#fff6e0',
      info: '#1d5a8c',
      infoBg: '#e8f1fa',
    },
    border: {
      color: '#d8d2ca',
      width: layoutSizes.borderWidth,
      radius: layoutSizes.borderRadius,
    },
    focus: {
      color: '#1d5fd6',
    },
    fonts: {
      body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      size: {
        large: layoutSizes.fontSizes.large,
        medium: layoutSizes.fontSizes.medium,
        small: layoutSizes.fontSizes.small,
        title: layoutSizes.fontSizes.title,
      },
      weights: {
        normal: 400,
        semiBold: 600,
        bold: 700,
      },
      lineHeight: 1.5,
    },
    spacing: layoutSizes.spacing,
    gutter: layoutSizes.fullGutter,
    animation: {
      duration: `${overlayLimits.animationSeconds}s`,
      easing: 'ease-out',
      spinnerDuration: `${overlayLimits.spinnerSeconds}s`,
    },
  },
  forms: {
    height: layoutSizes.formElementHeight,
    maxWidth: layoutSizes.maxFormWidth,
  },
  buttons: {
    minHeight: layoutSizes.buttonMinHeight,
    minWidth: layoutSizes.buttonMinWidth,
    compactHeight: layoutSizes.buttonCompactHeight,
    mediumHeight: layoutSizes.buttonMediumHeight,
  },
  titleBar: {
    position: 'sticky' as TitleBarPosition,
    background: 'solid' as TitleBarBackground,
    colors: {
      bg: '#7a2a0c',
      fg: '#ffffff',
    },
    sizing: {
      height: layoutSizes.titleBarHeight,
      heightWithLabel: layoutSizes.titleBarHeightWithLabel,
      mobileHeight: layoutSizes.titleBarMobileHeight,
    },
    logo: {
      url: '',
      maxHeight: 32,
    },
    dropdownMinWidth: overlayLimits.titleBarDropdownMinWidth,
    megaMenu: {
      maxHeight: overlayLimits.megaMenuMaxHeight,
    },
  },
  layout: {
    panelWidth: layoutSizes.panelWidth,
    middleColumnWidth: layoutSizes.middleColumnWidth,
    contentWidth: deviceBreakpoints.noBleed,
    messageWidth: layoutSizes.messageWidth,
    breakpoints: {
      xs: deviceBreakpoints.xs,
      oneColumn: layoutSizes.oneColumnBreakpoint,
      compact: layoutSizes.compactBreakpoint,
      tablet: deviceBreakpoints.tablet,
      table: layoutSizes.tableBreakpoint,
    },
  },
  overlays: {
    sidePanelMaxWidth: overlayLimits.sidePanelMaxWidth,
    dropdownWidth: overlayLimits.dropdownWidths.default,
    popupMargin: overlayLimits.popupMargin,
  },
  toast: {
    width: overlayLimits.toastWidth,
    wideWidth: overlayLimits.toastWideWidth,
    maxHeight: overlayLimits.toastMaxHeight,
  },
  avatars: {
    xsmall: layoutSizes.avatarSizes.xsmall,
    small: layoutSizes.avatarSizes.small,
    medium: layoutSizes.avatarSizes.medium,
    large: layoutSizes.avatarSizes.large,
    xlarge: layoutSizes.avatarSizes.xlarge,
  },
};

/** The full, resolved set of theme variables. */
export type ThemeVariables = typeof themeDefaults;

/** Leaves whose value must be one of a fixed list (checked by `resolveTheme()`). */
export const themeEnumerations: Readonly<Record<string, readonly string[]>> = {
  'titleBar.position': titleBarPositions,
  'titleBar.background': titleBarBackgrounds,
};
