/** Star's own command language, which CloudPRNT printers take as this media type (StarPRNT). */
export const STAR_MEDIA_TYPE = 'application/vnd.star.starprnt';
