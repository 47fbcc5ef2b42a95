// Page CSS holds layout only (docs/architecture.md): colours, type, borders, shadows and the like live in the kit
// (web/src/kit), so a page that needs a look uses a kit component or class instead of re-making it.
const layoutProperties = [
  /^--/, // a custom property the page's own layout reads (a gap, a column width)
  'display', 'box-sizing', 'aspect-ratio', 'float', 'clear',
  /^grid/, /^flex/, 'order', /gap$/,
  /^(align|justify|place)-/,
  /^margin/, /^padding/,
  /^(min-|max-)?(width|height|inline-size|block-size)$/,
  'position', /^inset/, 'top', 'right', 'bottom', 'left', 'z-index',
  /^overflow/, 'text-align', 'vertical-align', 'white-space', 'word-break', 'text-overflow',
  'table-layout', 'object-fit', /^scroll-snap/, 'resize',
  '-webkit-line-clamp', '-webkit-box-orient', // how many lines a long text shows
  'list-style', // only `none`: a list laid out as rows or a grid, without markers
];

export default {
  rules: {},
  overrides: [
    {
      files: ['web/src/pages/**/*.css'],
      rules: {
        'property-allowed-list': [layoutProperties, { message: (property) => `"${property}" is not layout: page CSS holds layout only, visual styling lives in the kit (web/src/kit)` }],
        'declaration-property-value-allowed-list': [{ 'list-style': ['none'] }, { message: 'a list in page CSS only drops its markers (list-style: none); any other look lives in the kit' }],
      },
    },
  ],
};
