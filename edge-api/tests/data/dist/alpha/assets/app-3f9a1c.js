console.log("alpha app");
