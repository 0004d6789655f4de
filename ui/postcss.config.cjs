// Mantine's PostCSS preset (light-dark, rem, breakpoint mixins); breakpoints match Mantine's defaults so
// `sm` (48em = 768 px) is the mobile boundary of seed 000 §9.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};
