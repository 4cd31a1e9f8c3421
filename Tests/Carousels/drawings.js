// Pictures of our own for the gallery pages: four drawings named as the pager's pages are,
// each a data: address (nothing to fetch, and each address tells its picture apart).
const drawings = [['Explore', '#345'], ['Collect', '#543'], ['Share', '#354'], ['Listen', '#435']].map(([name, colour]) => {
  const drawing = '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">'
    + '<rect width="800" height="500" fill="' + colour + '"/>'
    + '<text x="400" y="260" font-size="60" text-anchor="middle" fill="white" font-family="sans-serif">' + name + '</text></svg>';
  return { name, source: 'data:image/svg+xml,' + encodeURIComponent(drawing) };
});
