/** SPEC §1: 'title -- {product title}'; just the product title when the title part is empty. */
export function documentTitle(pageTitle: string, productTitle: string): string {
  return pageTitle ? `${pageTitle} -- ${productTitle}` : productTitle;
}
