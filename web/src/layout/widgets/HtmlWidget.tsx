import styles from './Widgets.module.css';

export interface HtmlWidgetProps {
  /** HTML set by an administrator in the layout. */
  html?: string;
}

/** The `Html` layout widget: markup from the layout spec. */
export function HtmlWidget({ html = '' }: HtmlWidgetProps) {
  if (html === '') {
    return null;
  }
  return <div className={styles.html} dangerouslySetInnerHTML={{ __html: html }} />;
}
