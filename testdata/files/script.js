// A plain script: no markup and no signature.
function greet(name) {
  return "Hello, " + name + "!";
}
console.log(greet("world"));
